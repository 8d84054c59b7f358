// Writes the fuzz targets' starting inputs into DIR/<target>/: positions and actions from seeded
// random games of every variant in variants_to_fuzz.hpp, records and journals of such games, a UCI
// session, the built-in variant definitions, a GPIO configuration, a host's serial session, and
// ways to spoil a camera frame. Usage: tessera_fuzz_seeds DIR
#include <filesystem>
#include <fstream>
#include <iterator>
#include <iostream>
#include <random>
#include <sstream>
#include <string>

#include "core/record/pgn.hpp"
#include "core/rules/game.hpp"
#include "core/rules/move_text.hpp"
#include "core/rules/movegen.hpp"
#include "core/rules/position_text.hpp"
#include "host/record/game_journal.hpp"
#include "protocol/messages.hpp"
#include "tests/fuzz/variants_to_fuzz.hpp"

namespace fs = std::filesystem;
using namespace tessera;

namespace {

void write(const fs::path& file, const std::string& bytes) { std::ofstream(file, std::ios::binary) << bytes; }

std::string contents(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// The journal target's two forms (fuzz_journal.cpp): the file as it is, after an even byte, and
// its lines without their checksums, after an odd one.
void writeJournalSeeds(const fs::path& dir, const std::string& name, const std::string& file) {
  write(dir / (name + "-raw"), std::string(1, '\0') + file);
  std::string lines;
  std::istringstream in(file);
  for (std::string line; std::getline(in, line);) lines += line.substr(0, line.rfind(" #")) + "\n";
  write(dir / (name + "-lines"), std::string(1, '\1') + lines);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: tessera_fuzz_seeds DIR\n";
    return 2;
  }
  const fs::path dir = argv[1];
  for (const char* target : {"position_text", "move_text", "pgn", "uci", "xboard", "variant_text", "journal", "gpio_config", "serial_link",
                             "camera_frame", "http"})
    fs::create_directories(dir / target);
  std::mt19937 random(7);
  const auto& specs = fuzz::variantsToFuzz();
  int n = 0;
  for (std::size_t index = 0; index < specs.size(); ++index) {
    const Variant& v = builtinVariant(specs[index]);
    const std::string variantByte(1, static_cast<char>(index));
    for (int game = 0; game < 3; ++game) {
      Game record(v);
      const fs::path journalPath = dir / "journal-being-written";
      GameJournal journal = GameJournal::create(journalPath.string(), record);
      for (int ply = 0; ply < 90; ++ply) {
        Position& pos = record.position();
        MoveList moves;
        generateLegal(pos, moves);
        if (moves.size() == 0) break;
        const Move m = moves[static_cast<int>(random() % static_cast<unsigned>(moves.size()))];
        if (ply % 15 == 0) {
          write(dir / "position_text" / std::to_string(n), variantByte + positionString(pos));
          write(dir / "move_text" / std::to_string(n), variantByte + positionString(pos) + "\n" + san(pos, m) + " " + longAlgebraic(pos, m));
          ++n;
        }
        journal.recordAction(pos, m, ply * 10);
        record.play(m);
        if (record.result().finished()) break;
      }
      if (game == 0 && !record.result().finished()) {  // the engine's action announced, not yet carried out
        MoveList moves;
        generateLegal(record.position(), moves);
        if (moves.size() > 0) journal.recordEngineAction(record.position(), moves[0], 120);
      }
      if (game == 1) journal.recordTakeback(2);
      if (game == 1 && v.sides == 2) {
        journal.recordDrawAgreed();
        journal.recordWithdrawal();
      }
      if (game == 2 && v.sides == 2) journal.recordResignation(1);
      writeJournalSeeds(dir / "journal", std::to_string(index) + "-" + std::to_string(game), contents(journalPath));
      fs::remove(journalPath);
      write(dir / "pgn" / (std::to_string(index) + "-" + std::to_string(game)), writePgn(record));
    }
  }
  write(dir / "uci" / "session",
        "uci\nsetoption name UCI_Variant value chameleon-redux-4p\nposition startpos moves a2a3\ngo depth 2\n"
        "setoption name MultiPV value 3\nsetoption name Hash value 2\nucinewgame\n"
        "position fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 moves e2e4\ngo depth 1\nisready\n");
  write(dir / "xboard" / "game",
        "xboard\nprotover 2\nnew\nlevel 40 5 0\npost\ntime 30000\notim 30000\nusermove e2e4\nforce\nusermove e7e5\n"
        "undo\nremove\nsetboard 4k3/8/4K3/8/8/8/8/7R w - - 0 1\ngo\nping 1\nresult 1-0 {mate}\n");
  write(dir / "xboard" / "variant",
        "protover 2\nnew\nvariant desert-dust\nforce\nusermove f4f6\nplayother\nusermove e9e7\nanalyze\nusermove g4g6\n"
        "exit\nst 1\n?\nmemory 4\nquit\n");
  // The built-in definitions together (later sections build on [chess]), and each section alone.
  const std::string text(builtinVariantText());
  write(dir / "variant_text" / "all", text);
  for (std::size_t at = text.find("\n["), section = 0; at != std::string::npos; ++section) {
    const std::size_t next = text.find("\n[", at + 1);
    write(dir / "variant_text" / std::to_string(section), text.substr(at + 1, next == std::string::npos ? std::string::npos : next - at - 1));
    at = next;
  }
  write(dir / "gpio_config" / "full",
        "# a Raspberry Pi with an 8x8 reed matrix\n[display]\nwidth = 800\n\n[gpio]\nchip = gpiochip0\n"
        "rows = 4, 17, 27, 22, 5, 6, 13, 19\ncolumns = COL0,COL1,COL2,COL3,COL4,COL5,COL6,COL7\nsize = 8x8\n"
        "active = low\nsettle_us = 30\ndebounce_scans = 4\nscan_interval_ms = 5\nrow_axis = rank\nreverse_rows = yes\n"
        "diodes = no\nbutton_confirm = 23\nbutton_takeback = BTN_BACK\nbutton_debounce_ms = 25\n");
  // A host's session: Hello, a snapshot request, an LED frame for 64 cells, a heartbeat, each a
  // chunk of fuzz_serial_link.cpp (odd control byte: a frame given its true CRC).
  std::string session;
  const auto frameChunk = [&](wire::MessageType type, std::uint16_t sequence, const std::vector<std::uint8_t>& body) {
    session += static_cast<char>(1 + 2 * (sequence % 64));
    session += static_cast<char>(3 + body.size());
    session += static_cast<char>(type);
    session += static_cast<char>(sequence & 0xFF);
    session += static_cast<char>(sequence >> 8);
    session.append(body.begin(), body.end());
  };
  frameChunk(wire::MessageType::Hello, 1, {});
  frameChunk(wire::MessageType::RequestSnapshot, 2, {});
  wire::LedFrameCommand leds;
  leds.frameId = 7;
  leds.cellCount = 64;
  for (std::size_t i = 0; i < 64 * 3; ++i) leds.rgb[i] = static_cast<std::uint8_t>(i);
  std::vector<std::uint8_t> body(wire::kMaxBodySize);
  body.resize(wire::writeBody(leds, body));
  if (body.size() <= 252) frameChunk(wire::MessageType::LedFrame, 3, body);
  frameChunk(wire::MessageType::Heartbeat, 4, {});
  write(dir / "serial_link" / "session", session);
  // The camera (fuzz_camera_frame.cpp): each variant's scene as rendered; read three times over
  // (code 10 sends a frame), so that the stabiliser settles; halved, turned, noisier and recoded,
  // as a cheap webcam might send it; and dark (gain 0.45) with heavy sensor noise (sigma 50),
  // which took the marker search 7.6 s a frame before it ignored outlines under 7 pixels a side.
  for (std::size_t index = 0; index < specs.size(); ++index) {
    const std::string variantByte(1, static_cast<char>(index));
    const std::string nextFrame("\x0a\0\0\0\0", 5);
    write(dir / "camera_frame" / (std::to_string(index) + "-still"), variantByte + nextFrame + nextFrame + nextFrame);
    write(dir / "camera_frame" / (std::to_string(index) + "-webcam"),
          variantByte + std::string("\x01\x1f\x01\x00\x01" "\x02\x01\x03\x00\x00" "\x05\x10\x07\x00\x00"
                                    "\x09\x3c\x00\x00\x00", 20));
    write(dir / "camera_frame" / (std::to_string(index) + "-dark"),
          variantByte + std::string("\x06\x1d\x1d\x1d\x00" "\x05\x64\x07\x00\x00", 10));
  }
  // A JPEG whose header, one byte overwritten, declares a frame 41,000 pixels wide: ArUco aborted
  // on it (the first variant with options, a frame, a cropped frame, then the corrupt recoding).
  write(dir / "camera_frame" / "corrupt-jpeg-header",
        std::string("\x08\x0a\0\0\0\0\0\0\0\x0a\0\x0a\0\0\0\0\xa3\xa3\xa3\0\xa3", 21));
  write(dir / "serial_link" / "noise", std::string("\x00\x10\x02\x01\x00\x00\x05\x03hello", 13));
  // Requests to the web server, each without (first byte 0) and with (1) a paired device's token:
  // the page's reads, commands, pairing, a WebSocket upgrade with a masked text frame "hint".
  const std::string requests[] = {
      "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\nGET /page.js HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
      "HEAD /state HTTP/1.1\r\nHost: x\r\n\r\nGET /game.pgn HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
      "POST /command HTTP/1.1\r\nHost: x\r\nContent-Length: 6\r\n\r\nresign",
      "POST /command HTTP/1.1\r\nHost: x\r\nCookie: tessera_token=00000000000000000000000000000000\r\n"
      "Transfer-Encoding: chunked\r\n\r\n4\r\nhint\r\n0\r\n\r\n",
      "POST /pair HTTP/1.1\r\nHost: x\r\nOrigin: http://x\r\nContent-Length: 6\r\n\r\n123456",
      "GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
      "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n"
      "\x81\x84\x01\x02\x03\x04" + std::string{'h' ^ 1, 'i' ^ 2, 'n' ^ 3, 't' ^ 4}};
  int seed = 0;
  for (const std::string& request : requests) {
    write(dir / "http" / (std::to_string(seed) + "-unpaired"), std::string(1, '\0') + request);
    write(dir / "http" / (std::to_string(seed) + "-paired"), std::string(1, '\1') + request);
    ++seed;
  }
  std::cout << "seeds written to " << dir.string() << "\n";
  return 0;
}
