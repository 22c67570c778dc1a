#include "gui/sounds.h"

#include <QApplication>
#include <QFile>
#include <QProcess>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtEndian>
#include <cmath>
#include <numbers>
#include <vector>

namespace regula::gui {

namespace {

constexpr int kRate = 22050;

struct Tone {
  double hertz;
  int msecs;
};

// A move is one short high note, a capture two falling ones, the end a rising
// chord played note by note: told apart without looking.
std::vector<Tone> tones(Sound sound) {
  switch (sound) {
    case Sound::kMove:
      return {{880, 50}};
    case Sound::kCapture:
      return {{660, 60}, {440, 90}};
    case Sound::kEnd:
      return {{523, 120}, {659, 120}, {784, 220}};
  }
  return {};
}

void put16(QByteArray& out, int v) {
  const qint16 le = qToLittleEndian(static_cast<qint16>(v));
  out.append(reinterpret_cast<const char*>(&le), 2);
}

void put32(QByteArray& out, int v) {
  const qint32 le = qToLittleEndian(static_cast<qint32>(v));
  out.append(reinterpret_cast<const char*>(&le), 4);
}

}  // namespace

QByteArray sound_wav(Sound sound) {
  QByteArray samples;
  for (const Tone& t : tones(sound)) {
    const int n = kRate * t.msecs / 1000;
    for (int i = 0; i < n; ++i) {
      // Each note fades out, so that it ends without a click.
      const double fade = 1.0 - static_cast<double>(i) / n;
      const double v = std::sin(2 * std::numbers::pi * t.hertz * i / kRate) * fade * fade;
      put16(samples, static_cast<int>(v * 12000));
    }
  }
  QByteArray out("RIFF");
  put32(out, 36 + samples.size());
  out += "WAVEfmt ";
  put32(out, 16);
  put16(out, 1);  // PCM
  put16(out, 1);  // mono
  put32(out, kRate);
  put32(out, kRate * 2);  // bytes a second
  put16(out, 2);          // bytes a sample
  put16(out, 16);         // bits a sample
  out += "data";
  put32(out, samples.size());
  return out + samples;
}

Sounds::Sounds() : player_([this](Sound s) { play_tone(s); }) {
  for (const char* name : {"paplay", "aplay"}) {
    program_ = QStandardPaths::findExecutable(name);
    if (!program_.isEmpty()) break;
  }
}

Sounds::~Sounds() = default;

void Sounds::play(Sound sound) {
  if (enabled_ && player_) player_(sound);
}

void Sounds::play_tone(Sound sound) {
  const QString wav = program_.isEmpty() ? QString() : file(sound);
  const QStringList args = program_.endsWith("aplay") && !program_.endsWith("paplay")
                               ? QStringList{"-q", wav}
                               : QStringList{wav};
  if (wav.isEmpty() || !QProcess::startDetached(program_, args)) QApplication::beep();
}

QString Sounds::file(Sound sound) {
  if (!dir_) dir_ = std::make_unique<QTemporaryDir>();
  if (!dir_->isValid()) return "";
  const QString path = dir_->filePath(QString("sound%1.wav").arg(static_cast<int>(sound)));
  if (QFile::exists(path)) return path;
  QFile f(path);
  if (!f.open(QIODevice::WriteOnly) || f.write(sound_wav(sound)) < 0) return "";
  return path;
}

}  // namespace regula::gui
