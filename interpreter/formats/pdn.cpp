#include "formats/pdn.h"

#include <charconv>

#include "core/topology.h"

namespace regula {

namespace {

std::vector<std::string> split_commas(const std::string& s) {
  std::vector<std::string> out(1);
  for (char c : s) {
    if (c == ',')
      out.emplace_back();
    else
      out.back() += c;
  }
  return out;
}

bool whole_number(const std::string& s, int lo, int hi, int& v) {
  if (s.empty() || s.size() > 6) return false;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  return ec == std::errc() && p == s.data() + s.size() && v >= lo && v <= hi;
}

Error game_type_error(const std::string& what) {
  return Error{"GameType", what};
}

}  // namespace

std::string PdnGameType::text() const {
  if (!full) return std::to_string(type);
  return std::to_string(type) + "," + first_colour + "," + std::to_string(width) + "," +
         std::to_string(height) + "," + notation + std::to_string(corner) + "," +
         std::to_string(invert);
}

Expected<PdnGameType> parse_pdn_game_type(const std::string& text, bool allow_short) {
  const std::vector<std::string> f = split_commas(text);
  PdnGameType g;
  if (!whole_number(f[0], 0, 9999, g.type))
    return game_type_error("the game type number must be a whole number, not '" + f[0] + "'");
  if (f.size() == 1) {
    if (allow_short) return g;
    return game_type_error(
        "'" + text +
        "' gives only the game type number; the script must give all six "
        "fields: type,colour,width,height,notation,invert (e.g. 20,W,10,10,N2,0)");
  }
  if (f.size() != 5 && f.size() != 6)
    return game_type_error("'" + text + "' has " + std::to_string(f.size()) +
                           " fields; expected type,colour,width,height,notation[,invert]");
  g.full = true;
  if (f[1] != "W" && f[1] != "B")
    return game_type_error("the start colour must be W or B, not '" + f[1] + "'");
  g.first_colour = f[1][0];
  if (!whole_number(f[2], 1, 32, g.width))
    return game_type_error("the board width must be a number from 1 to 32, not '" + f[2] + "'");
  if (!whole_number(f[3], 1, 32, g.height))
    return game_type_error("the board height must be a number from 1 to 32, not '" + f[3] + "'");
  const std::string& n = f[4];
  if (n.size() != 2 || (n[0] != 'N' && n[0] != 'A') || n[1] < '0' || n[1] > '3')
    return game_type_error(
        "the notation must be N or A followed by the corner of square 1 (0 bottom left, 1 bottom "
        "right, 2 top left, 3 top right), not '" +
        n + "'");
  g.notation = n[0];
  g.corner = n[1] - '0';
  if (f.size() == 6 && f[5] != "0" && f[5] != "1")
    return game_type_error("the invert flag must be 0 or 1, not '" + f[5] + "'");
  g.invert = f.size() == 6 && f[5] == "1";
  return g;
}

SiteId Pdn::find(const Topology& topo, const std::string& name) const {
  if (game_type.notation == 'N') {
    int n = 0;
    if (whole_number(name, 1, static_cast<int>(numbered.size()), n)) return numbered[n - 1];
  } else {
    for (size_t s = 0; s < square.size(); ++s)
      if (square[s] == name) return static_cast<SiteId>(s);
  }
  return topo.find(name);
}

const std::string& Pdn::name(const Topology& topo, SiteId site) const {
  if (site >= 0 && site < static_cast<SiteId>(square.size()) && !square[site].empty())
    return square[site];
  return topo.name(site);
}

const std::string& site_name(const Pdn* pdn, const Topology& topo, SiteId site) {
  return pdn ? pdn->name(topo, site) : topo.name(site);
}

SiteId find_site(const Pdn* pdn, const Topology& topo, const std::string& name) {
  return pdn ? pdn->find(topo, name) : topo.find(name);
}

Status number_pdn_squares(const Topology& topo, int first_facing, Pdn& pdn) {
  const PdnGameType& g = pdn.game_type;
  if (!topo.is_grid()) return Error{"pdn", "PDN square numbers need a grid board"};
  if (topo.width() != g.width || topo.height() != g.height)
    return Error{"pdn", "the GameType " + g.text() + " is for a " + std::to_string(g.width) + "x" +
                            std::to_string(g.height) + " board; this board is " +
                            std::to_string(topo.width()) + "x" + std::to_string(topo.height())};
  if (first_facing != 0 && first_facing != 2)
    return Error{"pdn",
                 "PDN numbers the squares as the first mover sees the board: that seat must "
                 "face north or south"};
  const int w = g.width, h = g.height;
  // (c, r): column from the first mover's left, row from the first mover's side.
  auto site_at = [&](int c, int r) {
    return first_facing == 0 ? topo.at(c, r) : topo.at(w - 1 - c, h - 1 - r);
  };
  auto playing = [&](int c, int r) { return ((c + r) % 2 == 0) == (g.invert == 0); };
  const bool from_right = g.corner == 1 || g.corner == 3;
  const bool from_top = g.corner == 2 || g.corner == 3;
  pdn.square.assign(topo.size(), "");
  pdn.numbered.clear();
  for (int i = 0; i < h; ++i) {
    const int r = from_top ? h - 1 - i : i;
    for (int j = 0; j < w; ++j) {
      const int c = from_right ? w - 1 - j : j;
      if (!playing(c, r)) continue;
      const SiteId s = site_at(c, r);
      if (s == kNoSite) continue;
      if (g.notation == 'N') {
        pdn.numbered.push_back(s);
        pdn.square[s] = std::to_string(pdn.numbered.size());
      } else {
        pdn.square[s] = std::string(1, static_cast<char>('a' + j)) + std::to_string(i + 1);
      }
    }
  }
  return std::nullopt;
}

}  // namespace regula
