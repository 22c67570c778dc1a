#include "gui/translation.h"

#include <QCoreApplication>
#include <QDir>
#include <QLibraryInfo>
#include <QLocale>
#include <QSettings>
#include <QTranslator>

namespace regula::gui {

namespace {

// Where the build puts the compiled translations (qt_add_translations' RESOURCE_PREFIX).
constexpr const char* kTranslations = ":/translations";

}  // namespace

QString chosen_language(const QString& asked) {
  if (!asked.isEmpty()) return asked;
  const QSettings s(QSettings::IniFormat, QSettings::UserScope, "regula", "regula-gui");
  const QString kept = s.value("view/language").toString();
  return kept.isEmpty() ? QLocale::system().name() : kept;
}

bool install_translation(QCoreApplication& app, const QString& language) {
  const QLocale locale(language);
  // Qt's own texts (Yes, No, Cancel) from the system's Qt translations, when installed.
  auto* qt = new QTranslator(&app);
  if (qt->load(locale, "qtbase", "_", QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
    QCoreApplication::installTranslator(qt);
  else
    delete qt;
  // "fr_FR" finds regula_fr_FR.qm, else regula_fr.qm.
  auto* own = new QTranslator(&app);
  if (own->load(locale, "regula", "_", kTranslations)) {
    QCoreApplication::installTranslator(own);
    return true;
  }
  delete own;
  return false;
}

QStringList translated_languages() {
  QStringList out;
  for (const QString& f : QDir(kTranslations).entryList({"regula_*.qm"}))
    out << f.mid(7, f.size() - 7 - 3);
  return out;
}

}  // namespace regula::gui
