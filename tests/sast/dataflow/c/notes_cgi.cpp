// notes.cgi: a C++ CGI program for the team notes page. The web server hands it the
// POST body on standard input, so everything read from std::cin is request data.
#include <sqlite3.h>
#include <stdio.h>

#include <cstdlib>
#include <iostream>
#include <string>

extern "C" int is_safe_filename(const char *name);

static int delete_note(sqlite3 *db)
{
    std::string id;
    std::cin >> id;
    std::string q = "DELETE FROM notes WHERE id = '" + id + "'";
    // expect: CWE-89
    return sqlite3_exec(db, q.c_str(), nullptr, nullptr, nullptr);
}

static int delete_note_by_number(sqlite3 *db)
{
    std::string id;
    std::cin >> id;
    long n = std::strtol(id.c_str(), nullptr, 10);
    std::string q = "DELETE FROM notes WHERE id = " + std::to_string(n);
    // ok: CWE-89
    return sqlite3_exec(db, q.c_str(), nullptr, nullptr, nullptr);
}

static int show_note()
{
    std::string name;
    if (!std::getline(std::cin, name))
        return 1;
    std::string path = "/srv/notes/" + name + ".txt";
    // expect: CWE-22
    FILE *f = fopen(path.c_str(), "r");
    if (f == nullptr)
        return 1;
    int c;
    while ((c = fgetc(f)) != EOF)
        std::cout.put(static_cast<char>(c));
    return fclose(f);
}

static int show_checked_note()
{
    std::string name;
    if (!std::getline(std::cin, name))
        return 1;
    if (!is_safe_filename(name.c_str()))
        return 1;
    std::string path = "/srv/notes/" + name + ".txt";
    // ok: CWE-22
    FILE *f = fopen(path.c_str(), "r");
    if (f == nullptr)
        return 1;
    int c;
    while ((c = fgetc(f)) != EOF)
        std::cout.put(static_cast<char>(c));
    return fclose(f);
}

int main()
{
    const char *action = std::getenv("HTTP_X_NOTES_ACTION");
    std::string act = action ? action : "show";
    std::cout << "Content-Type: text/plain\r\n\r\n";
    if (act == "show")
        return show_note();
    if (act == "show-checked")
        return show_checked_note();
    sqlite3 *db = nullptr;
    if (sqlite3_open("/var/lib/notes/notes.db", &db) != SQLITE_OK)
        return 1;
    int rc = act == "delete" ? delete_note(db) : delete_note_by_number(db);
    sqlite3_close(db);
    return rc;
}
