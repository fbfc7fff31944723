// Networking of the web table server: the acceptor, HTTP sessions (keep-alive, upgrade to
// WebSocket) and WebSocket sessions (one strand each, a write queue). The API itself is in
// api.cpp.
#include "server.hpp"

#include <fmt/core.h>

#include <boost/asio/signal_set.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <deque>

#include "store.hpp"

namespace riichi::server {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;
using nlohmann::json;

constexpr std::size_t kMaxBody = 16 * 1024 * 1024;  // an mjlog import
constexpr std::size_t kMaxMessage = 64 * 1024;      // a WebSocket message

struct Server::Impl {
  net::io_context ioc;
  tcp::acceptor acceptor{ioc};
  std::unique_ptr<net::signal_set> signals;
  net::executor_work_guard<net::io_context::executor_type> work = net::make_work_guard(ioc);
};

namespace {

// One WebSocket connection: reads messages, hands them to the server's tables, writes the
// tables' messages in order.
class WsSession : public Client, public std::enable_shared_from_this<WsSession> {
 public:
  WsSession(tcp::socket&& socket, Server& server) : ws_(std::move(socket)), server_(server) {}

  template <class Body>
  void run(http::request<Body> req) {
    ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
    ws_.read_message_max(kMaxMessage);
    ws_.async_accept(req, beast::bind_front_handler(&WsSession::on_accept, shared_from_this()));
  }

  void send(std::shared_ptr<const std::string> message) override {
    net::post(ws_.get_executor(), [self = shared_from_this(), m = std::move(message)]() mutable {
      self->queue_.push_back(std::move(m));
      if (self->queue_.size() == 1) self->write_next();
    });
  }

 private:
  void on_accept(beast::error_code ec) {
    if (ec) return;
    read();
  }

  void read() {
    ws_.async_read(buffer_, beast::bind_front_handler(&WsSession::on_read, shared_from_this()));
  }

  void on_read(beast::error_code ec, std::size_t) {
    if (ec) {
      closed();
      return;
    }
    const std::string text = beast::buffers_to_string(buffer_.data());
    buffer_.consume(buffer_.size());
    handle(text);
    read();
  }

  void error(const std::string& reason) {
    send(std::make_shared<const std::string>(json{{"type", "error"}, {"reason", reason}}.dump()));
  }

  void handle(const std::string& text) {
    const json msg = json::parse(text, nullptr, false);
    if (msg.is_discarded() || !msg.is_object()) {
      error("bad message: not a JSON object");
      return;
    }
    const json type = msg.value("type", json());
    if (!type.is_string()) {
      error("bad message: no \"type\" string");
      return;
    }
    const std::string t = type.get<std::string>();
    if (t == "ping") {
      send(std::make_shared<const std::string>(R"({"type":"pong"})"));
    } else if (t == "join") {
      join(msg);
    } else if (t == "action") {
      if (!table_) return error("action: join a table first");
      const json v = msg.value("version", json()), i = msg.value("index", json());
      if (!v.is_number_unsigned()) return error("action: \"version\" must be an unsigned integer");
      if (!i.is_number_integer()) return error("action: \"index\" must be an integer");
      const std::string reason = table_->act(this, v.get<std::uint64_t>(), i.get<long>());
      if (!reason.empty()) error("action refused: " + reason);
    } else if (t == "analysis") {
      if (!table_) return error("analysis: join a table first");
      const json e = msg.value("enabled", json());
      if (!e.is_boolean()) return error("analysis: \"enabled\" must be true or false");
      table_->set_analysis(this, e.get<bool>());
    } else {
      error("unknown message type '" + t + "' (join, action, analysis, ping)");
    }
  }

  void join(const json& msg) {
    if (table_) return error("join: this connection has joined table " + table_->id());
    const json id = msg.value("table", json());
    if (!id.is_string()) return error("join: \"table\" must be a table id string");
    std::shared_ptr<Table> table = server_.table(id.get<std::string>());
    if (!table) return error("join: no table '" + id.get<std::string>() + "'");
    const json name = msg.value("name", json("")), token = msg.value("token", json("")),
               seat = msg.value("seat", json(-1)), watch = msg.value("watch", json(false));
    if (!name.is_string()) return error("join: \"name\" must be a string");
    if (!token.is_string() && !token.is_null()) return error("join: \"token\" must be a string");
    if (!seat.is_number_integer() && !seat.is_null()) return error("join: \"seat\" must be 0..3");
    if (!watch.is_boolean()) return error("join: \"watch\" must be true or false");
    const Table::JoinResult r =
        table->join(shared_from_this(), name.get<std::string>(),
                    token.is_string() ? token.get<std::string>() : "",
                    seat.is_null() ? -1 : seat.get<int>(), watch.get<bool>());
    if (!r.error.empty()) return error("join: " + r.error);
    table_ = std::move(table);
  }

  void closed() {
    if (table_) table_->leave(this);
    table_.reset();
  }

  void write_next() {
    ws_.text(true);
    ws_.async_write(net::buffer(*queue_.front()),
                    beast::bind_front_handler(&WsSession::on_write, shared_from_this()));
  }

  void on_write(beast::error_code ec, std::size_t) {
    if (ec) {
      queue_.clear();
      return;
    }
    queue_.pop_front();
    if (!queue_.empty()) write_next();
  }

  websocket::stream<beast::tcp_stream> ws_;
  beast::flat_buffer buffer_;
  Server& server_;
  std::shared_ptr<Table> table_;
  std::deque<std::shared_ptr<const std::string>> queue_;
};

class HttpSession : public std::enable_shared_from_this<HttpSession> {
 public:
  HttpSession(tcp::socket&& socket, Server& server) : stream_(std::move(socket)), server_(server) {}

  void run() {
    net::dispatch(stream_.get_executor(),
                  beast::bind_front_handler(&HttpSession::read, shared_from_this()));
  }

 private:
  void read() {
    parser_.emplace();
    parser_->body_limit(kMaxBody);
    stream_.expires_after(std::chrono::seconds(60));
    http::async_read(stream_, buffer_, *parser_,
                     beast::bind_front_handler(&HttpSession::on_read, shared_from_this()));
  }

  void on_read(beast::error_code ec, std::size_t) {
    if (ec == http::error::end_of_stream) {
      stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
      return;
    }
    if (ec == http::error::body_limit) {
      answer(HttpAnswer{413, "application/json", R"({"error":"request body too large"})"}, 11,
             false);
      return;
    }
    if (ec) return;
    http::request<http::string_body> req = parser_->release();
    if (websocket::is_upgrade(req)) {
      if (req.target() != "/ws") {
        answer(HttpAnswer{404, "application/json", R"({"error":"WebSocket endpoint is /ws"})"},
               req.version(), false);
        return;
      }
      stream_.expires_never();
      std::make_shared<WsSession>(stream_.release_socket(), server_)->run(std::move(req));
      return;
    }
    HttpAnswer a;
    try {
      a = server_.handle_http(std::string(req.method_string()), std::string(req.target()),
                              req.body());
    } catch (const std::exception& e) {
      a = HttpAnswer{500, "application/json", json{{"error", e.what()}}.dump()};
    }
    answer(std::move(a), req.version(), req.keep_alive());
  }

  void answer(HttpAnswer a, unsigned version, bool keep_alive) {
    auto res = std::make_shared<http::response<http::string_body>>(
        static_cast<http::status>(a.status), version);
    res->set(http::field::server, "riichi");
    res->set(http::field::content_type, a.content_type);
    res->set(http::field::cache_control, "no-cache");
    res->keep_alive(keep_alive);
    res->body() = std::move(a.body);
    res->prepare_payload();
    http::async_write(stream_, *res,
                      [self = shared_from_this(), res](beast::error_code ec, std::size_t) {
                        if (ec) return;
                        if (!res->keep_alive()) {
                          self->stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
                          return;
                        }
                        self->read();
                      });
  }

  beast::tcp_stream stream_;
  beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::string_body>> parser_;
  Server& server_;
};

void accept_loop(tcp::acceptor& acceptor, net::io_context& ioc, Server& server) {
  acceptor.async_accept(net::make_strand(ioc),
                        [&acceptor, &ioc, &server](beast::error_code ec, tcp::socket socket) {
                          if (ec == net::error::operation_aborted) return;
                          if (!ec) {
                            // Small game messages must not wait for Nagle's algorithm.
                            beast::error_code ignored;
                            socket.set_option(tcp::no_delay(true), ignored);
                            std::make_shared<HttpSession>(std::move(socket), server)->run();
                          }
                          accept_loop(acceptor, ioc, server);
                        });
}

}  // namespace

Server::Server(ServerOptions options) : options_(std::move(options)), impl_(new Impl) {
#ifdef RIICHI_WEB_DIR
  if (options_.web_dir.empty()) options_.web_dir = RIICHI_WEB_DIR;
#endif
  if (options_.web_dir.empty()) options_.web_dir = "web";
}

Server::~Server() { stop(); }

void Server::start() {
  store_ = std::make_unique<Store>(options_.db);
  resume_tables();
  beast::error_code ec;
  const auto address = net::ip::make_address(options_.host, ec);
  if (ec) throw std::runtime_error(fmt::format("bad --host '{}': {}", options_.host, ec.message()));
  const tcp::endpoint endpoint(address, options_.port);
  tcp::acceptor& acc = impl_->acceptor;
  acc.open(endpoint.protocol(), ec);
  if (!ec) acc.set_option(net::socket_base::reuse_address(true), ec);
  if (!ec) acc.bind(endpoint, ec);
  if (!ec) acc.listen(net::socket_base::max_listen_connections, ec);
  if (ec)
    throw std::runtime_error(
        fmt::format("cannot listen on {}:{}: {}", options_.host, options_.port, ec.message()));
  port_ = acc.local_endpoint().port();
  accept_loop(acc, impl_->ioc, *this);
  {
    std::lock_guard lock(tables_mu_);
    for (auto& [id, t] : tables_) t->start();
  }
  const int n = std::max(1, options_.threads);
  for (int i = 0; i < n; ++i) threads_.emplace_back([this] { impl_->ioc.run(); });
}

void Server::stop_on_signals() {
  impl_->signals = std::make_unique<net::signal_set>(impl_->ioc, SIGINT, SIGTERM);
  impl_->signals->async_wait([this](const beast::error_code& ec, int) {
    if (ec) return;
    net::post(impl_->ioc, [this] {
      std::lock_guard lock(tables_mu_);
      for (auto& [id, t] : tables_) t->stop();
      beast::error_code ignored;
      impl_->acceptor.close(ignored);
      impl_->work.reset();
      impl_->ioc.stop();
    });
  });
}

void Server::stop() {
  if (stopped_) return;
  stopped_ = true;
  {
    std::lock_guard lock(tables_mu_);
    for (auto& [id, t] : tables_) t->stop();
  }
  impl_->work.reset();
  impl_->ioc.stop();
  for (std::thread& t : threads_)
    if (t.joinable()) t.join();
  threads_.clear();
  {
    std::lock_guard lock(tables_mu_);
    tables_.clear();
  }
}

void Server::wait() {
  for (std::thread& t : threads_)
    if (t.joinable()) t.join();
  threads_.clear();
}

net::io_context& Server::impl_ioc() { return impl_->ioc; }

std::shared_ptr<Table> Server::table(const std::string& id) {
  std::lock_guard lock(tables_mu_);
  const auto it = tables_.find(id);
  return it == tables_.end() ? nullptr : it->second;
}

}  // namespace riichi::server
