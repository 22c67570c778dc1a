#include "gui/shown_text.h"

#include <algorithm>

namespace regula::gui {

QString shown_text(const std::string& text, int most) {
  // A UTF-8 byte is at most one UTF-16 unit: a text of `most` bytes fits whole.
  if (text.size() <= static_cast<size_t>(most)) return QString::fromStdString(text);
  // Four bytes a character at most: no more need be read to fill `most`.
  const size_t read = std::min(text.size(), static_cast<size_t>(most) * 4);
  QString s = QString::fromUtf8(text.data(), static_cast<qsizetype>(read));
  if (read == text.size() && s.size() <= most) return s;
  // Here s has more than `most` characters, or at least `most` with more of text unread.
  qsizetype keep = most - 1;
  // Not between the two halves of a surrogate pair.
  if (keep > 0 && s[keep - 1].isHighSurrogate()) --keep;
  s.truncate(keep);
  return s + QChar(0x2026);
}

}  // namespace regula::gui
