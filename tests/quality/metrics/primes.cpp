// expect-file: lines=27 code=20 comment=4 blank=3
#include <vector>

namespace util {
// expect: Sum::total cognitive=6 cyclomatic=5 params=1 nesting=2
int Sum::total(const std::vector<int> &v) const {
  int t = 0;
  for (int x : v) {
    [&t](int y) {
      if (y > 0 && t < 100) { t += y; }
    }(x);
  }
  try { check(t); } catch (const std::exception &e) { return -1; }
  return t;
}

// expect: Sum::~Sum cognitive=0 cyclomatic=1 params=0 nesting=0
Sum::~Sum() {}

// expect: pick cognitive=1 cyclomatic=2 params=3 nesting=1
template <typename T> T pick(T a, T b, bool first) {
  return first ? a : b;
}
}
int main(int argc, char **argv) {
  return util::pick(argc, 1, argv != nullptr);
}
