#pragma once
// The sounds of a game: a move, a capture and the end, switched in View >
// Sound. Qt Multimedia is not among the packages regula builds with, so each
// sound is a short tone written once as a WAV file in a temporary directory
// and handed to the system's sound player (paplay or aplay) when there is one,
// else the bell (QApplication::beep). The player can be replaced, so that
// tests hear nothing and see what would have been played.

#include <QString>
#include <functional>
#include <memory>

class QTemporaryDir;

namespace regula::gui {

enum class Sound { kMove, kCapture, kEnd };

class Sounds {
 public:
  Sounds();
  ~Sounds();
  void set_enabled(bool on) { enabled_ = on; }
  bool enabled() const { return enabled_; }
  // Plays the sound when sounds are on.
  void play(Sound sound);
  // Replaces how a sound is made heard.
  void set_player(std::function<void(Sound)> player) { player_ = std::move(player); }

 private:
  void play_tone(Sound sound);
  // The sound's WAV file, written on first use; "" when it cannot be.
  QString file(Sound sound);

  bool enabled_ = false;
  std::function<void(Sound)> player_;
  std::unique_ptr<QTemporaryDir> dir_;
  QString program_;  // the system's player, or "" for the bell
};

// A WAV file (16-bit mono PCM) of the sound's tones.
QByteArray sound_wav(Sound sound);

}  // namespace regula::gui
