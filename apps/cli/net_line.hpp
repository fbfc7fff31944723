// Line-based TCP connections for the mjai commands (Boost.Asio): one JSON object per line, reads
// with a time limit, a bounded line length. Each connection runs its own io_context, so a read
// waits for that connection only.
#pragma once

#include <boost/asio.hpp>
#include <chrono>
#include <optional>
#include <string>

#include "io/mjai_session.hpp"

namespace riichi::cli {

namespace asio = boost::asio;
using asio::ip::tcp;

inline constexpr std::size_t kMaxLineBytes = 1 << 20;

class TcpLineLink final : public io::MjaiLink {
 public:
  // `send_timeout`: how long a line may wait for a peer that does not read (0: no limit).
  explicit TcpLineLink(asio::io_context& io,
                       std::chrono::milliseconds send_timeout = std::chrono::milliseconds(0))
      : socket_(io), buffer_(kMaxLineBytes), send_timeout_(send_timeout) {}
  tcp::socket& socket() { return socket_; }

  // False when the line could not be sent: the connection is lost, or the peer has not taken it
  // within the send timeout (a peer that never reads).
  bool send(const std::string& line) override {
    if (!socket_.is_open()) return false;
    std::string data = line;
    data += '\n';
    boost::system::error_code ec;
    if (send_timeout_.count() <= 0) {
      asio::write(socket_, asio::buffer(data), ec);
      return !ec;
    }
    asio::io_context& io = static_cast<asio::io_context&>(socket_.get_executor().context());
    bool done = false;
    asio::async_write(socket_, asio::buffer(data),
                      [&](const boost::system::error_code& e, std::size_t) {
                        ec = e;
                        done = true;
                      });
    io.restart();
    io.run_for(send_timeout_);
    if (!done) {
      close();  // cancels the write; the connection is useless with half a line sent
      io.restart();
      io.run();
      return false;
    }
    return !ec;
  }

  std::optional<std::string> receive(std::chrono::milliseconds timeout,
                                     std::string& error) override {
    if (!socket_.is_open()) {
      error = "connection closed";
      return std::nullopt;
    }
    asio::io_context& io = static_cast<asio::io_context&>(socket_.get_executor().context());
    boost::system::error_code result;
    std::size_t size = 0;
    bool done = false;
    asio::async_read_until(socket_, buffer_, '\n',
                           [&](const boost::system::error_code& ec, std::size_t n) {
                             result = ec;
                             size = n;
                             done = true;
                           });
    io.restart();
    io.run_for(timeout);
    if (!done) {
      socket_.cancel();
      io.restart();
      io.run();
      error = "no answer within " + std::to_string(timeout.count()) + " ms";
      return std::nullopt;
    }
    if (result) {
      error = result == asio::error::eof         ? "connection closed"
              : result == asio::error::not_found ? "line longer than 1 MiB"
                                                 : result.message();
      return std::nullopt;
    }
    std::string line(asio::buffers_begin(buffer_.data()),
                     asio::buffers_begin(buffer_.data()) + static_cast<std::ptrdiff_t>(size));
    buffer_.consume(size);
    while (!line.empty() && (line.back() == '\n' || line.back() == '\r')) line.pop_back();
    return line;
  }

  // Blocking read without a time limit (the bot side waits for the server).
  std::optional<std::string> receive_blocking(std::string& error) {
    boost::system::error_code ec;
    const std::size_t size = asio::read_until(socket_, buffer_, '\n', ec);
    if (ec) {
      if (ec == asio::error::eof && buffer_.size() > 0) {
        error = "truncated last line (no newline before the connection closed)";
      } else {
        error = ec == asio::error::eof ? "connection closed" : ec.message();
      }
      return std::nullopt;
    }
    std::string line(asio::buffers_begin(buffer_.data()),
                     asio::buffers_begin(buffer_.data()) + static_cast<std::ptrdiff_t>(size));
    buffer_.consume(size);
    while (!line.empty() && (line.back() == '\n' || line.back() == '\r')) line.pop_back();
    return line;
  }

  void close() override {
    boost::system::error_code ec;
    socket_.shutdown(tcp::socket::shutdown_both, ec);
    socket_.close(ec);
  }

 private:
  tcp::socket socket_;
  asio::streambuf buffer_;
  std::chrono::milliseconds send_timeout_;
};

// "HOST:PORT" -> host, port. False when malformed.
inline bool split_host_port(const std::string& text, std::string& host, unsigned short& port) {
  const auto colon = text.rfind(':');
  if (colon == std::string::npos || colon == 0 || colon + 1 >= text.size()) return false;
  host = text.substr(0, colon);
  try {
    std::size_t used = 0;
    const unsigned long p = std::stoul(text.substr(colon + 1), &used);
    if (used != text.size() - colon - 1 || p == 0 || p > 65535) return false;
    port = static_cast<unsigned short>(p);
  } catch (const std::exception&) {
    return false;
  }
  return true;
}

}  // namespace riichi::cli
