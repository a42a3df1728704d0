// Bridge to the legacy C print spooler; still compiled as C++.
#include <cstdio>
#include <cstring>
#include <string>
#include <unistd.h>
#include <sys/stat.h>
#include <openssl/evp.h>

extern "C" {
#include "spooler.h"
}

class SpoolBridge {
public:
    int submit(const std::string &printer, const std::string &file) {
        char cmd[512];
        std::snprintf(cmd, sizeof cmd, "lpr -P %s %s", printer.c_str(), file.c_str());
        // expect: c.command-injection
        FILE *p = popen(cmd, "r");
        if (p == nullptr)
            return -1;
        // ok: c.command-injection
        FILE *q = popen("lpstat -s", "r");
        pclose(q);
        return pclose(p);
    }

    void describe(char *out, const std::string &printer) {
        // expect: c.sprintf-unbounded-string
        sprintf(out, "printer=%s", printer.c_str());
        // ok: c.sprintf-unbounded-string
        sprintf(out, "jobs=%d", jobs_);
    }

    void dropRoot(uid_t uid) {
        // expect: c.setuid-unchecked
        (void) setuid(uid);
    }

    bool dropRootChecked(uid_t uid) {
        // ok: c.setuid-unchecked
        return setuid(uid) == 0;
    }

    void shareQueue(const char *dir) {
        // expect: c.chmod-world-writable
        chmod(dir, S_IRWXU | S_IRWXG | S_IRWXO);
        // ok: c.chmod-world-writable
        chmod(dir, S_IRWXU | S_IRGRP | S_IXGRP);
    }

    int checksum(EVP_MD_CTX *md) {
        // expect: c.openssl-weak-hash
        return EVP_DigestInit_ex(md, EVP_md5(), nullptr);
    }

private:
    int jobs_ = 0;
};
