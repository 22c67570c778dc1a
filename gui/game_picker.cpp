#include "gui/game_picker.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QTreeWidget>
#include <QVBoxLayout>

#include "formats/presentation.h"
#include "gui/seat_players.h"

namespace regula::gui {

GamePicker::GamePicker(QWidget* parent, const std::string& current) : QDialog(parent) {
  setWindowTitle("New game");
  auto* layout = new QHBoxLayout;
  tree_ = new QTreeWidget;
  tree_->setHeaderLabels({"Game"});
  tree_->setMinimumWidth(260);
  std::map<std::string, QTreeWidgetItem*> families;
  QTreeWidgetItem* select = nullptr;
  for (const script::ScriptInfo& info : script::bundled_scripts()) {
    const auto slash = info.name.find('/');
    const std::string family = slash == std::string::npos ? "" : info.name.substr(0, slash);
    QTreeWidgetItem*& fam = families[family];
    if (!fam) {
      fam = new QTreeWidgetItem(tree_, {QString::fromStdString(family.empty() ? "other" : family)});
      fam->setFlags(Qt::ItemIsEnabled);
      fam->setExpanded(true);
    }
    auto* item = new QTreeWidgetItem(fam, {QString::fromStdString(info.title)});
    item->setData(0, Qt::UserRole, QString::fromStdString(info.name));
    item->setToolTip(0, QString::fromStdString(info.name));
    if (info.name == current || !select) select = item;
  }
  layout->addWidget(tree_);

  auto* right = new QVBoxLayout;
  about_ = new QLabel;
  about_->setWordWrap(true);
  about_->setTextFormat(Qt::RichText);
  about_->setMinimumWidth(320);
  right->addWidget(about_);
  auto* options = new QGroupBox("Options");
  options_form_ = new QFormLayout(options);
  right->addWidget(options);
  auto* seats = new QGroupBox("Players");
  seats_form_ = new QFormLayout(seats);
  right->addWidget(seats);
  right->addStretch();
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
  connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  right->addWidget(buttons);
  layout->addLayout(right);
  setLayout(layout);

  connect(tree_, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem* item) {
    if (item && item->data(0, Qt::UserRole).isValid())
      show_script(item->data(0, Qt::UserRole).toString().toStdString());
  });
  if (select) tree_->setCurrentItem(select);
}

void GamePicker::show_script(const std::string& name) {
  chosen_ = name;
  auto rules = script::load_rules(name);
  while (options_form_->rowCount()) options_form_->removeRow(0);
  while (seats_form_->rowCount()) seats_form_->removeRow(0);
  option_boxes_.clear();
  seat_boxes_.clear();
  if (!rules) {
    about_->setText("<b>" + QString::fromStdString(name).toHtmlEscaped() + "</b><br>" +
                    QString::fromStdString(rules.error().text()).toHtmlEscaped());
    return;
  }
  const Ruleset& r = **rules;
  QString sources;
  for (const std::string& s : presentation_of(r).sources)
    sources += QString::fromStdString(s).toHtmlEscaped() + "<br>";
  about_->setText("<h3>" + QString::fromStdString(presentation_of(r).title).toHtmlEscaped() +
                  "</h3><p>" +
                  QString::fromStdString(presentation_of(r).description).toHtmlEscaped() +
                  "</p><p><i>Sources:</i><br>" + sources + "</p>");
  for (const auto& [option, values] : r.declared_options) {
    auto* box = new QComboBox;
    for (const std::string& v : values) box->addItem(QString::fromStdString(v));
    for (const auto& [k, v] : r.options)
      if (k == option) box->setCurrentText(QString::fromStdString(v));
    options_form_->addRow(QString::fromStdString(option), box);
    const size_t i = option_boxes_.size();
    if (i < presentation_of(r).option_descriptions.size() &&
        !presentation_of(r).option_descriptions[i].empty()) {
      auto* what = new QLabel(
          "<i>" +
          QString::fromStdString(presentation_of(r).option_descriptions[i]).toHtmlEscaped() +
          "</i>");
      what->setWordWrap(true);
      box->setToolTip(what->text());
      options_form_->addRow("", what);
    }
    option_boxes_.push_back({option, box});
  }
  for (SeatId s = 0; s < r.num_seats(); ++s) {
    auto* box = new QComboBox;
    box->setObjectName("seat:" + QString::fromStdString(r.seats[s].name));
    fill_seat_box(box, s == 0 ? kHuman : kDefaultComputer);
    seats_form_->addRow(QString::fromStdString(r.seats[s].name), box);
    seat_boxes_.push_back(box);
  }
}

GameChoice GamePicker::choice() const {
  GameChoice c;
  c.spec = chosen_;
  for (const auto& [option, box] : option_boxes_)
    c.options.push_back({option, box->currentText().toStdString()});
  for (QComboBox* box : seat_boxes_) c.players.push_back(seat_box_spec(box));
  return c;
}

}  // namespace regula::gui
