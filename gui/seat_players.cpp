#include "gui/seat_players.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QLocale>
#include <QStringList>
#include <cstdlib>

#include "ai/match.h"
#include "ai/player_spec.h"
#include "core/movegen.h"
#include "formats/presentation.h"
#include "gui/shown_text.h"
#include "notation/move_text.h"
#include "uci/players.h"

namespace regula::gui {

std::string seat_spec(const std::string& who) {
  return who == "computer" ? kDefaultComputer : who;
}

bool is_human(const std::string& spec) {
  return spec == kHuman;
}

Expected<std::unique_ptr<ai::Player>> make_seat_player(const std::string& spec,
                                                       std::shared_ptr<const Ruleset> rules,
                                                       uint64_t seed) {
  return uci::make_any_player(spec, std::move(rules), seed);
}

uint64_t seat_seed(uint64_t seed, SeatId seat) {
  // Nearby seeds and seats give unrelated players.
  return ai::game_seed(seed, static_cast<uint64_t>(seat));
}

void fill_seat_box(QComboBox* box, const std::string& spec) {
  box->clear();
  box->addItem(QCoreApplication::translate("regula::gui::SeatPlayers", "Human"), QString(kHuman));
  for (int level = ai::kMinLevel; level <= ai::kMaxLevel; ++level)
    box->addItem(
        QCoreApplication::translate("regula::gui::SeatPlayers", "Computer: level %1").arg(level),
        QString("ai:%1").arg(level));
  box->addItem(QCoreApplication::translate("regula::gui::SeatPlayers", "Computer: random"),
               QString("random"));
  select_seat(box, spec);
}

void select_seat(QComboBox* box, const std::string& spec) {
  const QString want = QString::fromStdString(seat_spec(spec));
  int i = box->findData(want);
  if (i < 0) {
    box->addItem(QCoreApplication::translate("regula::gui::SeatPlayers", "Computer: %1").arg(want),
                 want);
    i = box->count() - 1;
  }
  box->setCurrentIndex(i);
}

std::string seat_box_spec(const QComboBox* box) {
  const QVariant data = box->currentData();
  return data.isValid() ? data.toString().toStdString() : kHuman;
}

Expected<SeatOption> parse_seat_option(const Ruleset& rules, const std::string& text) {
  const size_t eq = text.find('=');
  const std::string name = eq == std::string::npos ? "" : text.substr(0, eq);
  std::string names;
  for (const Seat& s : rules.seats) names += (names.empty() ? "" : ", ") + s.name;
  const QString title = shown_title(presentation_of(rules).title);
  if (eq == std::string::npos || eq == 0 || eq + 1 == text.size())
    return Error{"", QCoreApplication::translate(
                         "regula::gui::SeatPlayers",
                         "--seat: needs NAME=human|computer|random|ai:1..5|SPEC with a seat of "
                         "%1 (%2), not '%3'")
                         .arg(title, QString::fromStdString(names), QString::fromStdString(text))
                         .toStdString()};
  SeatOption o;
  o.seat = rules.seat_index(name);
  if (o.seat < 0)
    return Error{"", QCoreApplication::translate("regula::gui::SeatPlayers",
                                                 "--seat: '%1' is not a seat of %2 (%3)")
                         .arg(QString::fromStdString(name), title, QString::fromStdString(names))
                         .toStdString()};
  o.spec = seat_spec(text.substr(eq + 1));
  return o;
}

namespace {

QString grouped(uint64_t n) {
  return QLocale(QLocale::English).toString(static_cast<qulonglong>(n));
}

QString score_text(const ai::SearchInfo& info) {
  if (info.expected >= 0)
    return QCoreApplication::translate("regula::gui::SeatPlayers", "expected %1%")
        .arg(qRound(info.expected * 100));
  // Decisions to the end, as moves of the side that wins (a reply between two of them).
  if (const int m = info.mate_in_moves())
    return (m > 0 ? QCoreApplication::translate("regula::gui::SeatPlayers", "mate in %1")
                  : QCoreApplication::translate("regula::gui::SeatPlayers", "mated in %1"))
        .arg(std::abs(m));
  return QCoreApplication::translate("regula::gui::SeatPlayers", "%1%2 cp")
      .arg(info.score > 0 ? "+" : "")
      .arg(info.score);
}

}  // namespace

QString describe_search(const Position& pos, const ai::SearchInfo& info) {
  // The line up to the first throw: a throw is not the players' to foresee.
  std::vector<Move> line;
  for (const Move& m : info.pv) {
    if (m.kind == MoveKind::kChance) break;
    line.push_back(m);
  }
  QStringList pv;
  for (const std::string& t : line_texts(pos, line)) pv << QString::fromStdString(t);
  if (info.nodes == 0 && info.depth == 0)  // nothing to search: one legal move
    return pv.isEmpty()
               ? QCoreApplication::translate("regula::gui::SeatPlayers", "no search")
               : QCoreApplication::translate("regula::gui::SeatPlayers", "the only move: %1")
                     .arg(pv.join(' '));
  const uint64_t nps = info.millis > 0 ? info.nodes * 1000 / static_cast<uint64_t>(info.millis) : 0;
  const bool mcts = info.expected >= 0;
  QString text =
      (mcts ? QCoreApplication::translate("regula::gui::SeatPlayers",
                                          "depth %1/%2, %3, %4 iterations")
            : QCoreApplication::translate("regula::gui::SeatPlayers", "depth %1/%2, %3, %4 nodes"))
          .arg(info.depth)
          .arg(info.seldepth)
          .arg(score_text(info), grouped(info.nodes));
  if (nps)
    text += QCoreApplication::translate("regula::gui::SeatPlayers", ", %1 per second")
                .arg(grouped(nps));
  if (!pv.isEmpty())
    text += QCoreApplication::translate("regula::gui::SeatPlayers", ", line: %1").arg(pv.join(' '));
  return text;
}

}  // namespace regula::gui
