#pragma once
// A script's own texts (its title, its description, an option's description)
// as the window shows them: cut to a length a person reads. Its own file
// because a script may give a text of any length, and Qt's layout of one long
// line of text (a window title, a wrapped label, the Rules tab) takes time
// that grows faster than the text: a title of a million characters would stall
// the window. Every widget that shows such a text takes it from here.

#include <QString>
#include <string>

namespace regula::gui {

// The most characters (UTF-16 units) of a title the window shows.
inline constexpr int kMaxShownTitle = 200;
// The most characters of a description (the script's or an option's) shown.
inline constexpr int kMaxShownDescription = 10000;

// text, cut to at most `most` characters, the last of them "…" when cut.
QString shown_text(const std::string& text, int most);
inline QString shown_title(const std::string& title) {
  return shown_text(title, kMaxShownTitle);
}
inline QString shown_description(const std::string& description) {
  return shown_text(description, kMaxShownDescription);
}

}  // namespace regula::gui
