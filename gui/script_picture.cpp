#include "gui/script_picture.h"

#include <map>
#include <utility>

#include "core/position.h"
#include "gui/board_view.h"
#include "script/loader.h"

namespace regula::gui {

namespace {

// The pictures drawn so far, by script and device pixel ratio; a script that
// does not load is kept as a null picture, so that it is not loaded again.
std::map<std::pair<std::string, qreal>, QPixmap>& kept() {
  static std::map<std::pair<std::string, qreal>, QPixmap> pictures;
  return pictures;
}

}  // namespace

QPixmap start_picture(std::shared_ptr<const Ruleset> rules, qreal dpr) {
  const Position start(std::move(rules));
  BoardView view;
  // Smaller than a board the player plays on: the view's minimum is for play.
  view.setMinimumSize(0, 0);
  view.resize(kScriptPictureSize, kScriptPictureSize);
  view.set_position(&start);
  QPixmap picture(QSize(kScriptPictureSize, kScriptPictureSize) * dpr);
  picture.setDevicePixelRatio(dpr);
  picture.fill(Qt::transparent);
  view.render(&picture);
  return picture;
}

QPixmap script_picture(const std::string& spec, qreal dpr, std::shared_ptr<const Ruleset> rules) {
  const auto key = std::make_pair(spec, dpr);
  if (auto it = kept().find(key); it != kept().end()) return it->second;
  if (!rules) {
    auto loaded = script::load_rules(spec);
    if (loaded) rules = *loaded;
  }
  QPixmap picture = rules ? start_picture(std::move(rules), dpr) : QPixmap();
  kept()[key] = picture;
  return picture;
}

QPixmap kept_script_picture(const std::string& spec, qreal dpr) {
  auto it = kept().find(std::make_pair(spec, dpr));
  return it == kept().end() ? QPixmap() : it->second;
}

}  // namespace regula::gui
