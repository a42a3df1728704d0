// fingerd-lite: answers finger queries; inetd runs it with the client's socket as
// standard input, so the name it reads comes from the network.
#include <cstdlib>
#include <iostream>
#include <string>

extern "C" int is_valid_username(const char *name);

static int finger_any()
{
    std::string name;
    if (!std::getline(std::cin, name))
        return 1;
    std::string cmd = "finger -s " + name;
    // expect: CWE-78
    return std::system(cmd.c_str());
}

static int finger_checked()
{
    std::string name;
    if (!std::getline(std::cin, name))
        return 1;
    if (!is_valid_username(name.c_str()))
        return 1;
    std::string cmd = "finger -s " + name;
    // ok: CWE-78
    return std::system(cmd.c_str());
}

int main(int argc, char **argv)
{
    if (argc > 1 && std::string(argv[1]) == "--strict")
        return finger_checked();
    return finger_any();
}
