#pragma once
// A script's start position as a picture: what the New game dialog shows beside
// each title and, larger, beside the chosen script's description. The board view
// itself draws it offscreen, so that a picture looks like the game it opens; and
// since a script's start never changes, each is drawn once per run.

#include <QPixmap>
#include <memory>
#include <string>

#include "core/ruleset.h"

namespace regula::gui {

// The side, in device-independent pixels, of a script's picture.
inline constexpr int kScriptPictureSize = 200;

// The start position of rules drawn by the board view, kScriptPictureSize
// pixels square at the device pixel ratio dpr.
QPixmap start_picture(std::shared_ptr<const Ruleset> rules, qreal dpr);

// The picture of a bundled script (or any script spec) with its default
// options, drawn on first use and then kept: from rules when the caller has
// loaded them already, else loaded here. Null when the script does not load.
QPixmap script_picture(const std::string& spec, qreal dpr,
                       std::shared_ptr<const Ruleset> rules = nullptr);
// The kept picture, or a null one when it has not been drawn yet.
QPixmap kept_script_picture(const std::string& spec, qreal dpr);

}  // namespace regula::gui
