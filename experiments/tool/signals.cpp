#include "tool/signals.hpp"

#include <unistd.h>

#include <atomic>
#include <csignal>

namespace colorwalk::cli {
namespace {

// Static, so that the handler never sees them come or go.
StopFlags g_flags;
// Set while the listener of a command with no boards to finish listens.
std::atomic<bool> g_single{false};

void on_stop_signal(int sig) {
  if (g_single.load()) {
    // The first signal stops (the command says how when it has); the next kills.
    if (!g_flags.stop.load()) {
      g_flags.signal.store(sig);
      g_flags.stop.store(true);
      return;
    }
    std::signal(sig, SIG_DFL);
    std::raise(sig);
    return;
  }
  if (!g_flags.stop.load()) {
    g_flags.signal.store(sig);
    g_flags.stop.store(true);
    static constexpr char kMessage[] =
        "\ncolorwalk: stopping: finishing the boards being solved (interrupt again to abandon "
        "them)\n";
    [[maybe_unused]] const auto n = ::write(STDERR_FILENO, kMessage, sizeof kMessage - 1);
  } else if (!g_flags.cancel.load()) {
    g_flags.cancel.store(true);
    static constexpr char kMessage[] = "colorwalk: abandoning the boards being solved\n";
    [[maybe_unused]] const auto n = ::write(STDERR_FILENO, kMessage, sizeof kMessage - 1);
  } else {
    std::signal(sig, SIG_DFL);
    std::raise(sig);
  }
}

class StopSignals final : public StopListener {
 public:
  explicit StopSignals(bool single) : single_(single) {}

  StopFlags& flags() override { return g_flags; }

  void listen() override {
    g_single.store(single_);
    struct sigaction action {};
    action.sa_handler = on_stop_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    sigaction(SIGINT, &action, &old_int_);
    sigaction(SIGTERM, &action, &old_term_);
  }

  void stop_listening() override {
    sigaction(SIGINT, &old_int_, nullptr);
    sigaction(SIGTERM, &old_term_, nullptr);
  }

 private:
  bool single_;
  struct sigaction old_int_ {};
  struct sigaction old_term_ {};
};

}  // namespace

StopListener& stop_signals() {
  static StopSignals signals(false);
  return signals;
}

StopListener& single_stop_signals() {
  static StopSignals signals(true);
  return signals;
}

}  // namespace colorwalk::cli
