#pragma once
// A board at the club, simulated: the real referee session with its journal and the real
// publisher, playing a scripted game (actions the camera can tell apart,
// hardware/camera/simulation/distinct_play.hpp). It is fed either what a camera would report after
// each action (sensorView), or, filmed, the game rendered into a folder of frames (the scene
// renderer) read by the real camera pipeline as `tessera play --input frames:DIR` reads them
// (openFrameSource, CameraInput, BoardWatcher). It can lose its power (the session and the
// publisher gone at once) and come back from its journal.
#include <boost/asio/io_context.hpp>
#include <filesystem>
#include <memory>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "core/referee/sensor_view.hpp"
#include "core/rules/position_text.hpp"
#include "hardware/camera/simulation/distinct_play.hpp"
#include "host/inputs/camera_input.hpp"
#include "host/publish/board_publisher.hpp"
#include "host/session/referee_session.hpp"
#include "tests/host/filmed_commands.hpp"

namespace tessera::testing {

enum class BoardFeed { SensorView, Filmed };

class SimulatedBoard {
 public:
  // Filmed: the game is rendered now into the folder beside the journal, JOURNAL-frames.
  SimulatedBoard(std::string name, const Variant& variant, std::string timeControl, int plies, unsigned seed,
                 std::filesystem::path journal, BoardFeed feed = BoardFeed::SensorView)
      : name_(std::move(name)), variant_(variant), timeControl_(std::move(timeControl)), journal_(std::move(journal)), seed_(seed) {
    if (feed == BoardFeed::Filmed) {
      frames_ = journal_.string() + "-frames";
      script_ = filmInto(variant, frames_, plies, seed).script;  // the same script as sensorView's, from the same seed
    } else {
      std::mt19937 rng(seed);
      Position pos = startPosition(variant);
      script_ = scene::playDistinctly(pos, plies, rng);
    }
    std::filesystem::remove(journal_);
    std::filesystem::remove(journal_.string() + ".game-id");
  }

  void powerOn(boost::asio::io_context& io, const publish::MqttAddress& address) {
    bus_ = std::make_unique<session::EventBus>();
    session::SessionOptions o;
    o.journalPath = journal_.string();
    o.autoChoose = true;
    o.timeControl = session::parseTimeControl(timeControl_);
    session_ = std::make_unique<session::RefereeSession>(variant_, o, *bus_);
    publish::PublisherOptions p;
    p.address = address;
    p.board = name_;
    p.heartbeat = std::chrono::milliseconds(1000);
    publisher_ = std::make_unique<publish::BoardPublisher>(io, p, *session_, *bus_, log_);
    session_->start();
    if (filmed()) {
      // A filmed board is not power-cut mid-round: its film would start again from the first frame,
      // and its camera's next frame is already posted on the event loop.
      inputs::CameraInputHandlers handlers;
      handlers.onProblem = [this](const std::string& problem) { log_ << "camera: " << problem << "\n"; };
      handlers.onFinished = [this] { filmEnded_ = true; };
      camera_ = std::make_unique<inputs::CameraInput>(io, camera::openFrameSource(frames_.string()), variant_, false, *session_, handlers);
      camera_->start();
    }
  }
  // The power goes: nothing is said to the broker, nothing more is written.
  void powerCut() {
    if (camera_) camera_->stop();
    camera_.reset();
    publisher_.reset();
    session_.reset();
    bus_.reset();
  }
  bool on() const { return session_ != nullptr; }

  // Plays the script's next action on the board (or ends the game once the script is played).
  // Returns what went wrong, or "".
  std::string step() {
    if (!on() || done()) return "";
    Game& game = session_->game();
    const std::size_t played = game.actions().size();
    if (filmed() && played < script_.size()) {
      // The camera plays the film's actions as the event loop runs; they must be the script's.
      for (std::size_t i = 0; i < played; ++i)
        if (game.actions()[i] != script_[i])
          return name_ + ": the camera's action " + std::to_string(i + 1) + " is not the filmed one (" + session_->message() + ")";
      if (filmEnded_)
        return name_ + ": the film ended with " + std::to_string(played) + " of its " + std::to_string(script_.size()) +
               " actions taken (" + session_->message() + ")";
      return "";
    }
    if (played < script_.size()) {
      Position pos = game.position();
      pos.make(script_[played]);
      const Observation seen = sensorView(pos, SensorProfile::Camera);
      session_->onObservation(seen);
      session_->onObservation(seen);
      if (game.actions().size() != played + 1)
        return name_ + ": the referee did not take action " + std::to_string(played + 1) + " (" + session_->message() + ")";
      return "";
    }
    // The script is played and the game goes on: two players end it (four cannot agree a draw:
    // theirs goes on, unfinished).
    if (variant_.sides != 2) return "";
    if (seed_ % 2 == 1) session_->resign();
    else session_->agreeDraw();
    if (!game.result().finished()) return name_ + ": the game could not be ended (" + session_->message() + ")";
    return "";
  }
  bool finished() const { return on() && session_->game().result().finished(); }
  bool filmed() const { return !frames_.empty(); }
  // A filmed board has taken `actions` of its film's actions (or all of them) from the camera.
  bool caughtUpWith(std::size_t actions) const {
    return !filmed() || !on() || filmEnded_ || session_->game().actions().size() >= std::min(actions, script_.size());
  }
  // Nothing more to play: the game over, or a four-player game's script played.
  bool done() const {
    return finished() || (on() && variant_.sides != 2 && session_->game().actions().size() >= script_.size());
  }

  const std::string& name() const { return name_; }
  const Variant& variant() const { return variant_; }
  const std::filesystem::path& journal() const { return journal_; }
  const std::vector<Move>& script() const { return script_; }
  publish::BoardPublisher* publisher() { return publisher_.get(); }
  session::RefereeSession* session() { return session_.get(); }
  std::string log() const { return log_.str(); }

 private:
  std::string name_;
  const Variant& variant_;
  std::string timeControl_;
  std::filesystem::path journal_;
  unsigned seed_;
  std::vector<Move> script_;
  std::filesystem::path frames_;  // a filmed board's folder of frames
  bool filmEnded_ = false;
  std::ostringstream log_;
  std::unique_ptr<session::EventBus> bus_;
  std::unique_ptr<session::RefereeSession> session_;
  std::unique_ptr<publish::BoardPublisher> publisher_;
  std::unique_ptr<inputs::CameraInput> camera_;
};

}  // namespace tessera::testing
