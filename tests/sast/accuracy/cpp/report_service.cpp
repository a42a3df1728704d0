// Report service: renders PDF reports on demand and ships them to the archive.
#include <boost/asio.hpp>
#include <boost/asio/ssl.hpp>
#include <cstdio>
#include <cstdlib>
#include <regex>
#include <string>
#include <vector>

namespace asio = boost::asio;
namespace ssl = boost::asio::ssl;

struct Request {
    std::string param(const std::string &name) const;
    std::string path;
};

class ReportService {
public:
    explicit ReportService(asio::io_context &io) : io_(io) {}

    ssl::context makeArchiveContext(bool legacy) {
        if (legacy) {
            // expect: cpp.asio-weak-tls-version
            ssl::context old(ssl::context::tlsv1_client);
            return old;
        }
        // ok: cpp.asio-weak-tls-version
        ssl::context ctx(ssl::context::tls_client);
        ctx.set_options(ssl::context::default_workarounds | ssl::context::no_tlsv1 | ssl::context::no_tlsv1_1);
        // ok: cpp.asio-ssl-verify-none
        ctx.set_verify_mode(ssl::verify_peer);
        ctx.set_default_verify_paths();
        return ctx;
    }

    void trustEverything(ssl::context &ctx) {
        // expect: cpp.asio-ssl-verify-none
        ctx.set_verify_mode(ssl::verify_none);
        // expect: cpp.asio-verify-callback-accepts-all
        ctx.set_verify_callback([](bool, ssl::verify_context &) { return true; });
    }

    void verifyHost(ssl::context &ctx, const std::string &host) {
        // ok: cpp.asio-verify-callback-accepts-all
        ctx.set_verify_callback(ssl::host_name_verification(host));
    }

    int render(const Request &req) {
        std::string name = req.param("report");
        std::string cmd = "/opt/reports/bin/render --out /tmp/out.pdf " + name;
        // expect: cpp.std-system-command-injection
        int rc = std::system(cmd.c_str());
        // ok: cpp.std-system-command-injection
        std::system("/opt/reports/bin/cleanup --older-than 7d");
        return rc;
    }

    bool filterRows(const Request &req, const std::vector<std::string> &rows) {
        // expect: cpp.regex-from-input
        std::regex filter(req.param("filter"));
        // ok: cpp.regex-from-input
        std::regex dateRe("^[0-9]{4}-[0-9]{2}-[0-9]{2}$");
        bool any = false;
        for (std::size_t i = 0; i < rows.size(); ++i) {
            // unchecked operator[] on a vector is not a security finding
            const std::string &row = rows[i];
            any = any || std::regex_search(row, filter) || std::regex_match(row, dateRe);
        }
        return any;
    }

    bool validSku(const std::string &sku) {
        const std::string skuPattern = "^[A-Z]{3}-[0-9]{6}$";
        // Known limitation: a local const std::string initialised from a literal is not
        // recognised as constant, so this safe regex is reported.
        // ok: cpp.regex-from-input
        std::regex re(skuPattern);
        return std::regex_match(sku, re);
    }

    void logAccess(const Request &req) {
        std::string line = "GET " + req.path + "\n";
        // expect: cpp.printf-c-str-format
        std::printf(line.c_str());
        // ok: cpp.printf-c-str-format
        std::printf("%s", line.c_str());
        // ok: c.format-string-non-literal
        std::fputs(line.c_str(), stderr);
    }

private:
    asio::io_context &io_;
};
