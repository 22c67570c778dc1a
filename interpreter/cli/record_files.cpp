#include "cli/record_files.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "notation/input_limits.h"
#include "script/loader.h"
#include "script/variants.h"
#include "session/game_record.h"
#include "session/pgn.h"

namespace regula::cli {

Expected<std::string> read_record_file(const std::string& path) {
  std::ifstream file;
  std::istream* in = &std::cin;
  if (path != "-") {
    std::error_code ec;
    if (!std::filesystem::exists(path, ec))
      return Error{path, "cannot open the record: no such file"};
    if (std::filesystem::is_directory(path, ec))
      return Error{path, "cannot open the record: it is a directory"};
    file.open(path, std::ios::binary);
    if (!file) return Error{path, std::string("cannot open the record: ") + std::strerror(errno)};
    in = &file;
  }
  // Read in chunks, so that a small file costs what it holds, not the limit.
  std::string text;
  char chunk[1 << 16];
  while (text.size() <= kMaxRecordText && *in) {
    in->read(chunk, sizeof chunk);
    text.append(chunk, static_cast<size_t>(in->gcount()));
  }
  if (in->bad()) return Error{path, "cannot read the record"};
  if (text.size() > kMaxRecordText)
    return Error{
        path, "more than " + std::to_string(kMaxRecordText) + " bytes, the limit of a game record"};
  return text;
}

Error in_file(Error e, const std::string& path) {
  if (path == "-") return e;  // standard input keeps the name "record"
  if (e.where == "record")
    e.where = path;
  else if (e.where.rfind("record:", 0) == 0)
    e.where = path + e.where.substr(6);
  return e;
}

Status for_each_record_game(const std::string& path, const script::SearchPath& search,
                            const std::string& fallback_rules,
                            const std::function<Status(Game&&, size_t, size_t)>& each) {
  auto text = read_record_file(path);
  if (!text) return text.error();
  // The script that finds a PGN file's game is compiled once, for its games too.
  const auto load = script::cached_rules_loader(search);
  std::string fallback = fallback_rules;
  if (fallback.empty() && text->find("[Rules ") == std::string::npos)
    fallback =
        text->find("[GameType ") != std::string::npos
            ? pdn_rules_for(*text, script::bundled_script_names(), script::named_rules_loader())
            : pgn_rules_for(*text, script::bundled_script_names_of_variant(pgn_variant(*text)),
                            load);
  if (auto e = for_each_record(*text, load, fallback, each)) return in_file(*e, path);
  return std::nullopt;
}

Status check_writable(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (fs::is_directory(path, ec)) return Error{path, "cannot write the record: it is a directory"};
  const bool existed = fs::exists(path, ec);
  // Appending changes nothing in a file that is there; a file made to try is removed.
  std::FILE* f = std::fopen(path.c_str(), "a");
  if (!f) return Error{path, std::string("cannot write the record: ") + std::strerror(errno)};
  std::fclose(f);
  if (!existed) fs::remove(path, ec);
  return std::nullopt;
}

Status write_text_file(const std::string& path, const std::string& text) {
  std::FILE* f = std::fopen(path.c_str(), "w");
  if (!f) return Error{path, std::string("cannot write the record: ") + std::strerror(errno)};
  const bool ok = std::fwrite(text.data(), 1, text.size(), f) == text.size();
  const int saved = errno;
  if (std::fclose(f) != 0 || !ok)
    return Error{path,
                 std::string("cannot write the record: ") + std::strerror(ok ? errno : saved)};
  return std::nullopt;
}

}  // namespace regula::cli
