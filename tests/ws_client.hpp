// Test helpers for the web table server: a small synchronous HTTP client and WebSocket client
// (Boost.Beast) with timeouts, and an in-process server on a free port.
#pragma once

#include <boost/asio/connect.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "server.hpp"

namespace riichi::testing {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;
using nlohmann::json;

struct HttpResult {
  unsigned status = 0;
  std::string content_type;
  std::string body;
  json j() const { return json::parse(body, nullptr, false); }
};

// `headers` replace or add header fields (Host, Origin ...).
inline HttpResult http_request(
    unsigned short port, http::verb verb, const std::string& target, const std::string& body = {},
    const std::vector<std::pair<std::string, std::string>>& headers = {}) {
  net::io_context ioc;
  beast::tcp_stream stream(ioc);
  stream.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
  http::request<http::string_body> req{verb, target, 11};
  req.set(http::field::host, "127.0.0.1");
  for (const auto& [name, value] : headers) req.set(name, value);
  req.body() = body;
  req.prepare_payload();
  http::write(stream, req);
  beast::flat_buffer buffer;
  http::response_parser<http::string_body> parser;
  parser.body_limit(512 * 1024 * 1024);
  http::read(stream, buffer, parser);
  beast::error_code ec;
  stream.socket().shutdown(tcp::socket::shutdown_both, ec);
  HttpResult r;
  r.status = parser.get().result_int();
  r.content_type = std::string(parser.get()[http::field::content_type]);
  r.body = parser.get().body();
  return r;
}

// A blocking WebSocket client: send() a JSON message, recv() the next one (throws on timeout).
class WsClient {
 public:
  // `origin`: the Origin header a browser would send (none by default).
  explicit WsClient(unsigned short port, const std::string& origin = {}) : ws_(ioc_) {
    beast::get_lowest_layer(ws_).connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
    if (!origin.empty())
      ws_.set_option(websocket::stream_base::decorator(
          [origin](websocket::request_type& req) { req.set(http::field::origin, origin); }));
    ws_.handshake("127.0.0.1", "/ws");
  }
  ~WsClient() { close(); }

  void send(const json& message) { send_text(message.dump()); }
  void send_text(const std::string& text) {
    ws_.text(true);
    ws_.write(net::buffer(text));
  }

  // The next message, or std::nullopt after `timeout`.
  std::optional<json> try_recv(std::chrono::milliseconds timeout) {
    if (!pending_) {
      pending_ = true;
      done_ = false;
      ws_.async_read(buffer_, [this](beast::error_code ec, std::size_t) {
        done_ = true;
        ec_ = ec;
      });
    }
    ioc_.restart();
    ioc_.run_for(timeout);
    if (!done_) return std::nullopt;
    pending_ = false;
    if (ec_) throw std::runtime_error("websocket read: " + ec_.message());
    const std::string text = beast::buffers_to_string(buffer_.data());
    buffer_.consume(buffer_.size());
    return json::parse(text);
  }

  json recv(std::chrono::milliseconds timeout = std::chrono::seconds(10)) {
    std::optional<json> m = try_recv(timeout);
    if (!m) throw std::runtime_error("no message from the server in time");
    return *m;
  }

  // Skips messages until one of `type` (and matching `pred` if given) arrives.
  json recv_type(const std::string& type, const std::function<bool(const json&)>& pred = nullptr,
                 std::chrono::milliseconds timeout = std::chrono::seconds(10)) {
    const auto end = std::chrono::steady_clock::now() + timeout;
    for (;;) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
          end - std::chrono::steady_clock::now());
      if (left.count() <= 0) throw std::runtime_error("no '" + type + "' message in time");
      const json m = recv(left);
      if (m.value("type", "") == type && (!pred || pred(m))) return m;
    }
  }

  void close() {
    if (closed_) return;
    closed_ = true;
    beast::error_code ec;
    beast::get_lowest_layer(ws_).socket().shutdown(tcp::socket::shutdown_both, ec);
    beast::get_lowest_layer(ws_).socket().close(ec);
  }

 private:
  net::io_context ioc_;
  websocket::stream<beast::tcp_stream> ws_;
  beast::flat_buffer buffer_;
  bool pending_ = false, done_ = false, closed_ = false;
  beast::error_code ec_;
};

// A server on a free loopback port with bots playing at once.
inline server::ServerOptions test_server_options(const std::string& db = ":memory:") {
  server::ServerOptions o;
  o.port = 0;
  o.db = db;
  o.threads = 2;
  o.timing.bot_delay_ms = 0;
  o.timing.hand_pause_ms = 0;
  o.timing.hand_over_ms = 0;  // no wait for the OK after a hand (tests of it set one)
  o.timing.turn_ms = 0;       // no turn timer (tests of it set one)
  o.timing.claim_timeout_ms = 30000;
  o.timing.reconnect_timeout_ms = 600000;
  o.allow_chosen_seed = true;  // tests replay known games
  o.limits.tables_per_minute = 0;
  o.limits.imports_per_minute = 0;
  return o;
}

// The id of a new table (POST /api/tables with `body`); throws unless the server answers 201.
inline std::string create_table(unsigned short port, const std::string& body) {
  const HttpResult r = http_request(port, http::verb::post, "/api/tables", body);
  if (r.status != 201) throw std::runtime_error("create table: " + r.body);
  return r.j()["id"];
}

// Joins `table` as "Tester" (plus the fields of `extra`) and returns the "joined" answer.
inline json join(WsClient& c, const std::string& table, const json& extra = json::object()) {
  json msg = {{"type", "join"}, {"table", table}, {"name", "Tester"}};
  for (const auto& [k, v] : extra.items()) msg[k] = v;
  c.send(msg);
  return c.recv_type("joined");
}

// The index of the first legal action of `type` in a state message, or -1.
inline int legal_index(const json& state, const std::string& type) {
  const json& legal = state["legal"];
  for (std::size_t i = 0; i < legal.size(); ++i)
    if (legal[i]["type"] == type) return static_cast<int>(i);
  return -1;
}

// Every tile id (tile objects {id, name}) anywhere in a message.
inline void collect_ids(const json& j, std::set<int>& out) {
  if (j.is_object()) {
    if (j.contains("id") && j.contains("name") && j["id"].is_number_integer())
      out.insert(j["id"].get<int>());
    for (const auto& [k, v] : j.items()) collect_ids(v, out);
  } else if (j.is_array()) {
    for (const json& v : j) collect_ids(v, out);
  }
}

}  // namespace riichi::testing
