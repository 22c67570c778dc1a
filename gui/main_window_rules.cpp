// The rules panel: the script's title and description, and each piece type
// with its moves in words, as describe_piece gives them, and the sources.
// Written once per game (not on every move), so it is apart from refresh.
#include <QTextBrowser>

#include "formats/presentation.h"
#include "gui/main_window.h"
#include "gui/main_window_internal.h"
#include "gui/shown_text.h"
#include "notation/describe.h"

namespace regula::gui {

void MainWindow::fill_rules_panel() {
  const Ruleset& r = *rules_;
  QString html = "<h3>" + shown_title(presentation_of(r).title).toHtmlEscaped() + "</h3><p>" +
                 shown_description(presentation_of(r).description).toHtmlEscaped() + "</p>";
  for (TypeId t = 0; t < static_cast<TypeId>(r.types.size()); ++t) {
    const PieceType& pt = r.types[t];
    html += "<p><b>" + qs(pt.name).toHtmlEscaped() + "</b> (" + qs(pt.letter).toHtmlEscaped() +
            tr(", value %1)<ul>").arg(pt.value);
    for (const std::string& line : describe_piece(r, t))
      html += "<li>" + qs(line).toHtmlEscaped() + "</li>";
    html += "</ul></p>";
  }
  if (!presentation_of(r).sources.empty()) {
    html += tr("<p><i>Sources</i><br>");
    for (const std::string& s : presentation_of(r).sources) html += qs(s).toHtmlEscaped() + "<br>";
    html += "</p>";
  }
  rules_view_->setHtml(html);
}

QString MainWindow::rules_text() const {
  return rules_view_->toPlainText();
}

}  // namespace regula::gui
