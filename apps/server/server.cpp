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

#include "http_gzip.hpp"
#include "io/json_text.hpp"
#include "protocol.hpp"
#include "store.hpp"

namespace riichi::server {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;
using nlohmann::json;

struct Server::Impl {
  net::io_context ioc;
  tcp::acceptor acceptor{ioc};
  std::unique_ptr<net::signal_set> signals;
  net::executor_work_guard<net::io_context::executor_type> work = net::make_work_guard(ioc);
};

namespace {

// Messages waiting for a client that does not read before it is disconnected (a hand sends ~100).
constexpr std::size_t kMaxQueuedMessages = 2000;

// One WebSocket connection: reads messages, hands them to the server's tables, writes the
// tables' messages in order.
class WsSession : public Client, public std::enable_shared_from_this<WsSession> {
 public:
  WsSession(tcp::socket&& socket, Server& server) : ws_(std::move(socket)), server_(server) {}

  template <class Body>
  void run(http::request<Body> req) {
    ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
    ws_.read_message_max(server_.options().limits.max_ws_message);
    ws_.async_accept(req, beast::bind_front_handler(&WsSession::on_accept, shared_from_this()));
  }

  void send(std::shared_ptr<const std::string> message) override {
    net::post(ws_.get_executor(), [self = shared_from_this(), m = std::move(message)]() mutable {
      if (self->queue_.size() >= kMaxQueuedMessages) {
        // A client that does not read: drop it rather than keep its messages in memory.
        beast::error_code ignored;
        beast::get_lowest_layer(self->ws_).socket().close(ignored);
        return;
      }
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
    send(std::make_shared<const std::string>(
        io::dump_json(json{{"type", "error"}, {"reason", reason}})));
  }

  void handle(const std::string& text) {
    const ClientMessage m = parse_client_message(text);
    switch (m.type) {
      case ClientMessage::Type::kInvalid:
        return error(m.error);
      case ClientMessage::Type::kPing:
        return send(std::make_shared<const std::string>(R"({"type":"pong"})"));
      case ClientMessage::Type::kJoin:
        return join(m);
      case ClientMessage::Type::kAction: {
        if (!table_) return error("action: join a table first");
        const std::string reason = table_->act(this, m.version, m.index, m.expect);
        if (!reason.empty()) error("action refused: " + reason);
        return;
      }
      case ClientMessage::Type::kAnalysis:
        if (!table_) return error("analysis: join a table first");
        return table_->set_analysis(this, m.enabled);
      case ClientMessage::Type::kReady:
        if (!table_) return error("ready: join a table first");
        return refused(table_->ready(this));
      case ClientMessage::Type::kOptions: {
        if (!table_) return error("options: join a table first");
        Table::OptionsChange change;
        const auto flag = [](int v) {
          return v < 0 ? std::optional<bool>() : std::optional(v > 0);
        };
        change.auto_win = flag(m.auto_win);
        change.auto_discard = flag(m.auto_discard);
        change.no_calls = flag(m.no_calls);
        return refused(table_->set_options(this, change));
      }
      case ClientMessage::Type::kTimer:
        if (!table_) return error("timer: join a table first");
        return refused(table_->set_timer(this, TurnTimer{m.turn_ms, m.bank_ms}));
    }
  }

  void refused(const std::string& reason) {
    if (!reason.empty()) error(reason);
  }

  void join(const ClientMessage& m) {
    if (table_) return error("join: this connection has joined table " + table_->id());
    std::shared_ptr<Table> table = server_.table(m.table);
    if (!table) return error("join: no table '" + io::utf8_prefix(m.table, 40) + "'");
    const Table::JoinResult r = table->join(shared_from_this(), m.name, m.token, m.seat, m.watch);
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
  HttpSession(tcp::socket&& socket, Server& server) : stream_(std::move(socket)), server_(server) {
    beast::error_code ec;
    const tcp::endpoint peer = stream_.socket().remote_endpoint(ec);
    client_ = ec ? "unknown" : peer.address().to_string();
  }

  void run() {
    net::dispatch(stream_.get_executor(),
                  beast::bind_front_handler(&HttpSession::read, shared_from_this()));
  }

 private:
  void read() {
    parser_.emplace();
    parser_->body_limit(server_.options().limits.max_request_body);
    stream_.expires_after(std::chrono::seconds(60));
    http::async_read(stream_, buffer_, *parser_,
                     beast::bind_front_handler(&HttpSession::on_read, shared_from_this()));
  }

  void on_read(beast::error_code ec, std::size_t) {
    if (ec == http::error::end_of_stream) {
      stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
      return;
    }
    if (ec == http::error::body_limit)
      return refuse(413, fmt::format("request body too large (at most {} bytes)",
                                     server_.options().limits.max_request_body));
    if (ec == http::error::header_limit) return refuse(431, "request header too large");
    if (ec && ec != http::error::partial_message &&
        ec.category() == make_error_code(http::error::bad_method).category())
      return refuse(400, "malformed HTTP request: " + ec.message());
    if (ec) return;  // the connection failed or timed out: nobody to answer
    http::request<http::string_body> req = parser_->release();
    const HostGuard& guard = server_.host_guard();
    const std::string host(req[http::field::host]);
    if (!guard.host_ok(host))
      return refuse(403, fmt::format("Host '{}' is not allowed: open the page by its address, or "
                                     "start the server with --allow-host NAME",
                                     host));
    const auto origin = req.find(http::field::origin);
    if (origin != req.end() && !guard.origin_ok(std::string(origin->value())))
      return refuse(403, fmt::format("Origin '{}' is not allowed (a page of another site)",
                                     std::string(origin->value())));
    if (websocket::is_upgrade(req)) {
      if (req.target() != "/ws") return refuse(404, "WebSocket endpoint is /ws");
      stream_.expires_never();
      std::make_shared<WsSession>(stream_.release_socket(), server_)->run(std::move(req));
      return;
    }
    HttpAnswer a;
    try {
      a = server_.handle_http(HttpRequest{std::string(req.method_string()),
                                          std::string(req.target()), std::move(req.body()),
                                          client_});
    } catch (const std::exception& e) {
      a = HttpAnswer{500, "application/json", io::dump_json(json{{"error", e.what()}})};
    }
    const bool gz = worth_gzip(a.content_type, a.body.size()) &&
                    accepts_gzip(std::string(req[http::field::accept_encoding]));
    answer(std::move(a), req.version(), req.keep_alive(), gz);
  }

  // Answers an error and closes the connection.
  void refuse(unsigned status, const std::string& reason) {
    answer(HttpAnswer{status, "application/json", io::dump_json(json{{"error", reason}})}, 11,
           false);
  }

  // `gz`: send the body gzip-compressed (the client accepts it, http_gzip.hpp).
  void answer(HttpAnswer a, unsigned version, bool keep_alive, bool gz = false) {
    auto res = std::make_shared<http::response<http::string_body>>(
        static_cast<http::status>(a.status), version);
    res->set(http::field::server, "riichi");
    res->set(http::field::content_type, a.content_type);
    res->set(http::field::cache_control, "no-cache");
    res->set(http::field::vary, "Accept-Encoding");
    res->keep_alive(keep_alive);
    res->body() = std::move(a.body);
    if (gz) {
      try {
        res->body() = gzip(res->body());
        res->set(http::field::content_encoding, "gzip");
      } catch (const std::exception&) {
        // zlib out of memory: the body goes uncompressed
      }
    }
    res->prepare_payload();
    http::async_write(stream_, *res,
                      [self = shared_from_this(), res](beast::error_code ec, std::size_t) {
                        if (ec) return;
                        if (!res->keep_alive()) {
                          self->stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
                          self->drain(0);
                          return;
                        }
                        self->read();
                      });
  }

  // After an answer that closes the connection: reads what the client still sends (a refused
  // body) for a while, so that closing does not reset the connection before it reads the answer.
  void drain(std::size_t so_far) {
    constexpr std::size_t kMaxDrain = 64 * 1024 * 1024;
    if (so_far == 0) stream_.expires_after(std::chrono::seconds(5));
    auto chunk = std::make_shared<std::array<char, 65536>>();
    stream_.async_read_some(net::buffer(*chunk), [self = shared_from_this(), chunk, so_far](
                                                     beast::error_code ec, std::size_t n) {
      if (!ec && so_far + n < kMaxDrain) self->drain(so_far + n);
    });
  }

  beast::tcp_stream stream_;
  beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::string_body>> parser_;
  Server& server_;
  std::string client_;  // the peer's address
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

Server::Server(ServerOptions options)
    : options_(std::move(options)),
      host_guard_(options_.host, options_.allow_hosts),
      table_limiter_(options_.limits.tables_per_minute),
      import_limiter_(options_.limits.imports_per_minute),
      review_limiter_(options_.limits.reviews_per_minute),
      impl_(new Impl) {
#ifdef RIICHI_WEB_DIR
  if (options_.web_dir.empty()) options_.web_dir = RIICHI_WEB_DIR;
#endif
  if (options_.web_dir.empty()) options_.web_dir = "web";
  namespace fs = std::filesystem;
  std::error_code ec;
  web_root_ = fs::weakly_canonical(fs::absolute(options_.web_dir, ec), ec);
  if (options_.db != ":memory:")
    for (const char* suffix : {"", "-wal", "-shm", "-journal"})
      db_files_.push_back(fs::weakly_canonical(fs::absolute(options_.db + suffix, ec), ec));
}

Server::~Server() { stop(); }

void Server::start() {
  store_ = std::make_unique<Store>(options_.db,
                                   options_.sync_full ? StoreSync::kFull : StoreSync::kNormal,
                                   options_.db_busy_timeout_ms);
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
