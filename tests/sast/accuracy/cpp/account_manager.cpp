// Account manager for the kiosk firmware: local users, reset codes, scratch files.
#include <array>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <sys/random.h>

struct User {
    std::string name;
    std::string display;
    int reset_code = 0;
};

class AccountManager {
public:
    std::string generateSessionToken() {
        static const char hex[] = "0123456789abcdef";
        std::string token;
        for (int i = 0; i < 32; ++i)
            // expect: cpp.std-rand-for-security
            token += hex[std::rand() % 16];
        return token;
    }

    std::string generatePassword(std::size_t len) {
        static const char cs[] = "abcdefghijkmnpqrstuvwxyzACDEFHJKLMNPQRTUVWXY34679";
        std::random_device rd;
        // expect: cpp.random-engine-for-security
        std::mt19937 gen(rd());
        std::uniform_int_distribution<std::size_t> pick(0, sizeof cs - 2);
        std::string out;
        while (out.size() < len)
            out += cs[pick(gen)];
        return out;
    }

    std::array<unsigned char, 16> generateSalt() {
        std::array<unsigned char, 16> salt{};
        // ok: cpp.std-rand-for-security
        getrandom(salt.data(), salt.size(), 0);
        return salt;
    }

    void shuffleTiles(std::vector<int> &tiles) {
        // ok: cpp.random-engine-for-security
        std::mt19937 gen(static_cast<unsigned>(std::time(nullptr)));
        std::shuffle(tiles.begin(), tiles.end(), gen);
    }

    void startReset(User &u) {
        // expect: cpp.std-rand-for-security
        u.reset_code = std::rand() % 1000000;
    }

    void rename(const char *input) {
        std::array<char, 32> buf{};
        // expect: cpp.strcpy-into-container-data
        std::strcpy(buf.data(), input);
        // ok: cpp.strcpy-into-container-data
        std::snprintf(buf.data(), buf.size(), "%s", input);
        // ok: cpp.strcpy-into-container-data
        std::strcpy(buf.data(), "guest");
    }

    void shout(const User &u) {
        // expect: cpp.const-cast-write
        const_cast<char *>(u.name.c_str())[0] = 'X';
        // ok: cpp.const-cast-write
        std::size_t n = std::strlen(const_cast<char *>(u.display.c_str()));
        (void) n;
    }

    const char *label(int id) {
        // expect: cpp.dangling-c-str
        const char *tmp = std::to_string(id).c_str();
        std::ostringstream oss;
        oss << "user-" << id;
        // ok: cpp.dangling-c-str
        lastLabel_ = oss.str();
        (void) tmp;
        return lastLabel_.c_str();
    }

    void readName() {
        char name[32];
        // expect: cpp.gets-s-size-mismatch
        gets_s(name, 128);
        // ok: cpp.gets-s-size-mismatch
        gets_s(name, sizeof(name));
    }

    std::FILE *scratch() {
        char path[L_tmpnam];
        // expect: cpp.std-tmpnam
        std::tmpnam(path);
        return std::fopen(path, "w+");
    }

    std::FILE *scratchSafe() {
        // ok: cpp.std-tmpnam
        return std::tmpfile();
    }

    void keepLegacy() {
        // expect: cpp.auto-ptr
        std::auto_ptr<User> legacy(new User());
        // ok: cpp.auto-ptr
        std::unique_ptr<User> modern = std::make_unique<User>();
    }

private:
    std::string lastLabel_;
};
