#pragma once
// The language the window speaks. Every text the GUI shows is written in English
// and marked for translation (tr()); a translation is a Qt Linguist file,
// gui/translations/regula_<language>.ts, compiled to a .qm file built into the
// program (see docs/gui.md, "Translating the GUI"). Its own file because the
// choice of language is made once, before any window, from the command line,
// the settings or the system's locale.

#include <QString>

class QCoreApplication;

namespace regula::gui {

// The language asked for: `asked` when given (--lang), else the one the
// settings keep (language= in the [view] group), else the system's locale.
QString chosen_language(const QString& asked);
// Installs the program's translation into language ("fr", "fr_FR") and Qt's
// own (its dialogs' buttons); true when the program's was found. English, or
// a language with no translation, leaves the texts as they are written.
bool install_translation(QCoreApplication& app, const QString& language);
// The languages the program is translated into ("fr", ...), from the .qm files built in.
QStringList translated_languages();

}  // namespace regula::gui
