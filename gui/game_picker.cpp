#include "gui/game_picker.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QIcon>
#include <QLabel>
#include <QScrollBar>
#include <QTimer>
#include <QTreeWidget>
#include <QVBoxLayout>

#include "formats/presentation.h"
#include "gui/script_picture.h"
#include "gui/seat_players.h"
#include "gui/shown_text.h"
#include "notation/describe.h"

namespace regula::gui {

namespace {

// The side of a title's picture in the list, in device-independent pixels.
constexpr int kListPictureSize = 40;

QLabel* wrapped_label() {
  auto* label = new QLabel;
  label->setWordWrap(true);
  label->setTextFormat(Qt::PlainText);
  label->setTextInteractionFlags(Qt::TextSelectableByMouse);
  return label;
}

// What the script says of itself, or, when it says nothing, its board and how
// it ends in words (notation/describe.h): never an empty pane.
QString description_of(const Ruleset& r) {
  if (!presentation_of(r).description.empty())
    return shown_description(presentation_of(r).description);
  const RulesWords words = describe_rules(r);
  QStringList lines;
  for (const std::string& l : words.board) lines << QString::fromStdString(l);
  for (const std::string& l : words.ends) lines << QString::fromStdString(l);
  return lines.join('\n');
}

}  // namespace

GamePicker::GamePicker(QWidget* parent, const std::string& current) : QDialog(parent) {
  setWindowTitle(tr("New game"));
  auto* layout = new QHBoxLayout;
  tree_ = new QTreeWidget;
  tree_->setHeaderLabels({tr("Game")});
  tree_->setMinimumWidth(260);
  tree_->setIconSize(QSize(kListPictureSize, kListPictureSize));
  std::map<std::string, QTreeWidgetItem*> families;
  QTreeWidgetItem* select = nullptr;
  for (const script::ScriptInfo& info : script::bundled_scripts()) {
    const auto slash = info.name.find('/');
    const std::string family = slash == std::string::npos ? "" : info.name.substr(0, slash);
    QTreeWidgetItem*& fam = families[family];
    if (!fam) {
      fam = new QTreeWidgetItem(tree_,
                                {family.empty() ? tr("other") : QString::fromStdString(family)});
      fam->setFlags(Qt::ItemIsEnabled);
      fam->setExpanded(true);
    }
    auto* item = new QTreeWidgetItem(fam, {shown_title(info.title)});
    item->setData(0, Qt::UserRole, QString::fromStdString(info.name));
    item->setToolTip(0, shown_title(info.title) + "\n" + QString::fromStdString(info.name));
    if (info.name == current || !select) select = item;
    show_kept_picture(item);
  }
  draw_pictures_later();
  // As wide as the longest title, so that none is cut short.
  tree_->header()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
  tree_->setMinimumWidth(static_cast<QAbstractItemView*>(tree_)->sizeHintForColumn(0) +
                         2 * tree_->frameWidth() + tree_->verticalScrollBar()->sizeHint().width());
  layout->addWidget(tree_);

  auto* right = new QVBoxLayout;
  preview_ = new QLabel;
  preview_->setFixedSize(kScriptPictureSize, kScriptPictureSize);
  right->addWidget(preview_, 0, Qt::AlignHCenter);
  title_ = wrapped_label();
  QFont big = title_->font();
  big.setBold(true);
  big.setPointSizeF(big.pointSizeF() * 1.3);
  title_->setFont(big);
  title_->setMinimumWidth(360);
  right->addWidget(title_);
  description_ = wrapped_label();
  right->addWidget(description_);
  sources_ = wrapped_label();
  right->addWidget(sources_);
  auto* options = new QGroupBox(tr("Options"));
  options_form_ = new QFormLayout(options);
  right->addWidget(options);
  auto* seats = new QGroupBox(tr("Players"));
  seats_form_ = new QFormLayout(seats);
  right->addWidget(seats);
  right->addWidget(build_time_control());
  right->addStretch();
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
  connect(buttons, &QDialogButtonBox::accepted, this, &GamePicker::accept_if_valid);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  right->addWidget(buttons);
  layout->addLayout(right);
  setLayout(layout);

  connect(tree_, &QTreeWidget::currentItemChanged, this, [this](QTreeWidgetItem* item) {
    if (!item || !item->data(0, Qt::UserRole).isValid()) return;
    show_script(item->data(0, Qt::UserRole).toString().toStdString());
    // Its picture is drawn now: the list's may as well show it.
    if (std::erase(pending_pictures_, item))
      set_item_picture(item, kept_script_picture(chosen_, devicePixelRatioF()));
  });
  if (select) tree_->setCurrentItem(select);
}

QGroupBox* GamePicker::build_time_control() {
  auto* clock = new QGroupBox(tr("Time control"));
  auto* clock_form = new QFormLayout(clock);
  time_control_ = new QComboBox;
  time_control_->setObjectName("time_control");
  time_control_->setEditable(true);
  for (const std::string& t : time_control_presets())
    time_control_->addItem(QString::fromStdString(t));
  time_control_->setToolTip(
      tr("[MOVES/]MINUTES[+SECONDS] per period, periods separated by commas: 5 (sudden death), "
         "3+2 (2 seconds a move), 40/90+30, 30+30 (40 moves in 90 minutes, then 30 for the rest)"));
  clock_form->addRow(tr("Clock"), time_control_);
  time_error_ = wrapped_label();
  time_error_->setStyleSheet("color:#c00000");
  time_error_->hide();
  clock_form->addRow("", time_error_);
  return clock;
}

void GamePicker::show_script(const std::string& name) {
  chosen_ = name;
  auto rules = script::load_rules(name);
  while (options_form_->rowCount()) options_form_->removeRow(0);
  while (seats_form_->rowCount()) seats_form_->removeRow(0);
  option_boxes_.clear();
  seat_boxes_.clear();
  option_labels_.clear();
  if (!rules) {
    title_->setText(QString::fromStdString(name));
    description_->setText(QString::fromStdString(rules.error().text()));
    sources_->clear();
    preview_->clear();
    return;
  }
  const Ruleset& r = **rules;
  preview_->setPixmap(script_picture(name, devicePixelRatioF(), *rules));
  QStringList sources;
  for (const std::string& s : presentation_of(r).sources) sources << QString::fromStdString(s);
  title_->setText(shown_title(presentation_of(r).title));
  description_->setText(description_of(r));
  sources_->setText(sources.isEmpty() ? "" : tr("Sources:") + "\n" + sources.join('\n'));
  sources_->setVisible(!sources.isEmpty());
  add_options(r);
  for (SeatId s = 0; s < r.num_seats(); ++s) {
    auto* box = new QComboBox;
    box->setObjectName("seat:" + QString::fromStdString(r.seats[s].name));
    fill_seat_box(box, s == 0 ? kHuman : kDefaultComputer);
    seats_form_->addRow(QString::fromStdString(r.seats[s].name), box);
    seat_boxes_.push_back(box);
  }
  // Wrapped labels need more height the narrower they are, which a dialog's
  // minimum size does not follow: grow to the height the text needs, once the
  // new rows are shown (a layout shows the widgets added to it on the next turn
  // of the event loop).
  QTimer::singleShot(0, this, [this] {
    layout()->activate();
    if (heightForWidth(width()) > height()) resize(width(), heightForWidth(width()));
  });
}

void GamePicker::add_options(const Ruleset& r) {
  for (const auto& [option, values] : r.declared_options) {
    auto* box = new QComboBox;
    for (const std::string& v : values) box->addItem(QString::fromStdString(v));
    for (const auto& [k, v] : r.options)
      if (k == option) box->setCurrentText(QString::fromStdString(v));
    options_form_->addRow(QString::fromStdString(option), box);
    const size_t i = option_boxes_.size();
    if (i < presentation_of(r).option_descriptions.size() &&
        !presentation_of(r).option_descriptions[i].empty()) {
      QLabel* what = wrapped_label();
      what->setText(shown_description(presentation_of(r).option_descriptions[i]));
      QFont italic = what->font();
      italic.setItalic(true);
      what->setFont(italic);
      box->setToolTip(what->text());
      options_form_->addRow("", what);
      option_labels_.push_back(what);
    }
    option_boxes_.push_back({option, box});
  }
}

void GamePicker::show_kept_picture(QTreeWidgetItem* item) {
  const std::string name = item->data(0, Qt::UserRole).toString().toStdString();
  const QPixmap kept = kept_script_picture(name, devicePixelRatioF());
  set_item_picture(item, kept);
  if (kept.isNull()) pending_pictures_.push_back(item);
}

void GamePicker::draw_pictures_later() {
  pictures_timer_ = new QTimer(this);
  pictures_timer_->setInterval(0);
  connect(pictures_timer_, &QTimer::timeout, this, &GamePicker::draw_next_picture);
  if (!pending_pictures_.empty()) pictures_timer_->start();
}

void GamePicker::set_item_picture(QTreeWidgetItem* item, const QPixmap& picture) {
  const qreal dpr = devicePixelRatioF();
  const QSize size = QSize(kListPictureSize, kListPictureSize) * dpr;
  QPixmap small;
  if (picture.isNull()) {
    small = QPixmap(size);
    small.fill(palette().color(QPalette::Base));
  } else {
    small = picture.scaled(size, Qt::KeepAspectRatio, Qt::SmoothTransformation);
  }
  small.setDevicePixelRatio(dpr);
  item->setIcon(0, QIcon(small));
}

void GamePicker::draw_next_picture() {
  if (pending_pictures_.empty()) {
    pictures_timer_->stop();
    return;
  }
  QTreeWidgetItem* item = pending_pictures_.front();
  pending_pictures_.erase(pending_pictures_.begin());
  const std::string name = item->data(0, Qt::UserRole).toString().toStdString();
  set_item_picture(item, script_picture(name, devicePixelRatioF()));
  if (pending_pictures_.empty()) pictures_timer_->stop();
}

GameChoice GamePicker::choice() const {
  GameChoice c;
  c.spec = chosen_;
  for (const auto& [option, box] : option_boxes_)
    c.options.push_back({option, box->currentText().toStdString()});
  for (QComboBox* box : seat_boxes_) c.players.push_back(seat_box_spec(box));
  if (auto control = parse_time_control(time_control_->currentText().toStdString()))
    c.time_control = *control;
  return c;
}

void GamePicker::set_time_control(const TimeControl& control) {
  time_control_->setEditText(QString::fromStdString(time_control_text(control)));
}

void GamePicker::accept_if_valid() {
  auto control = parse_time_control(time_control_->currentText().toStdString());
  time_error_->setVisible(!control);
  if (!control) return time_error_->setText(QString::fromStdString(control.error().text()));
  accept();
}

}  // namespace regula::gui
