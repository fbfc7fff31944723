// riichi_loadtest: a load test of the web table server over loopback WebSockets.
//
// Starts a server in this process (or targets a running one with --connect HOST:PORT), creates N
// tables of four human seats, and plays them with 4N WebSocket clients that pick random legal
// actions (a win whenever offered) as soon as their state allows, until each table has played
// --hands hands (0: the whole game) or the time limit passes. Reports the actions per second,
// the action latency (from sending an action to receiving the state that shows it applied:
// p50, p99, max), the errors, the lost games (a table that did not finish its hands, or whose
// stored record does not replay to them: checked in the database of an in-process server) and
// the peak memory of the process (server and clients). Exit status 0 only with no error, no lost
// game and a peak under --max-rss-mb.
#include <fmt/core.h>
#include <sys/resource.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <boost/asio/connect.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <cstdio>
#include <deque>
#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <vector>

#include "io/json_text.hpp"
#include "riichi/record.hpp"
#include "riichi/record_text.hpp"
#include "server.hpp"
#include "store.hpp"

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;
using nlohmann::json;
using Clock = std::chrono::steady_clock;

namespace {

struct Options {
  int tables = 100;
  int hands = 1;
  double time_limit = 60;
  int server_threads = 2;
  std::string db;
  std::string connect;
  std::string rules = "ema2016";
  std::uint64_t seed = 1;
  int max_rss_mb = 500;
  bool sync_full = false;
};

struct Stats {
  long actions = 0;
  long errors = 0;
  long stale = 0;  // refusals of a state overtaken by another seat's action (a normal race)
  std::vector<double> latency_ms;
  std::vector<std::string> error_samples;
  void error(const std::string& what) {
    ++errors;
    if (error_samples.size() < 10) error_samples.push_back(what);
  }
};

struct TableRun {
  std::string id;
  int done_clients = 0;
  int hands_seen = 0;  // hand_end messages seen by its seat-0 client
  bool game_over = false;
};

class LoadClient : public std::enable_shared_from_this<LoadClient> {
 public:
  LoadClient(net::io_context& ioc, tcp::endpoint ep, TableRun& table, int index, int hands,
             Stats& stats, std::uint64_t seed)
      : ws_(ioc), ep_(ep), table_(table), index_(index), hands_(hands), stats_(stats), rng_(seed) {}

  void start() {
    beast::get_lowest_layer(ws_).expires_after(std::chrono::seconds(30));
    beast::get_lowest_layer(ws_).async_connect(
        ep_, [self = shared_from_this()](beast::error_code ec) { self->on_connect(ec); });
  }
  bool done() const { return done_; }
  void close() {
    if (closing_ || !open_) return;
    closing_ = true;
    ws_.async_close(websocket::close_code::normal,
                    [self = shared_from_this()](beast::error_code) {});
  }

 private:
  void on_connect(beast::error_code ec) {
    if (ec) return fail("connect: " + ec.message());
    beast::get_lowest_layer(ws_).expires_never();
    beast::error_code ignored;
    beast::get_lowest_layer(ws_).socket().set_option(tcp::no_delay(true), ignored);
    ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::client));
    ws_.async_handshake(
        fmt::format("127.0.0.1:{}", ep_.port()), "/ws",
        [self = shared_from_this()](beast::error_code ec2) {
          if (ec2) return self->fail("handshake: " + ec2.message());
          self->open_ = true;
          self->send(riichi::io::dump_json(json{{"type", "join"},
                                                {"table", self->table_.id},
                                                {"name", fmt::format("load{}", self->index_)}}));
          self->read();
        });
  }

  void fail(const std::string& what) {
    if (done_ || closing_) return;
    stats_.error(fmt::format("table {} client {}: {}", table_.id, index_, what));
    finish();
  }

  void finish() {
    if (done_) return;
    done_ = true;
    ++table_.done_clients;
  }

  void read() {
    ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
      if (ec) {
        if (!self->closing_ && !self->done_) self->fail("read: " + ec.message());
        return;
      }
      const std::string text = beast::buffers_to_string(self->buffer_.data());
      self->buffer_.consume(self->buffer_.size());
      self->on_message(text);
      if (!self->closing_) self->read();
    });
  }

  void send(std::string text) {
    out_.push_back(std::move(text));
    if (out_.size() == 1) write_next();
  }

  void write_next() {
    ws_.text(true);
    ws_.async_write(net::buffer(out_.front()),
                    [self = shared_from_this()](beast::error_code ec, std::size_t) {
                      if (ec) return self->fail("write: " + ec.message());
                      self->out_.pop_front();
                      if (!self->out_.empty()) self->write_next();
                    });
  }

  void on_message(const std::string& text) {
    const std::optional<json> parsed = riichi::io::try_parse_json(text);
    if (!parsed) return fail("bad JSON from the server");
    const json& msg = *parsed;
    const std::string type = msg.value("type", "");
    if (type == "joined") {
      seat_ = msg.value("seat", -1);
    } else if (type == "error") {
      const std::string reason = msg.value("reason", "");
      pending_ = false;
      if (reason.find("stale state") != std::string::npos ||
          reason.find("not your turn") != std::string::npos)
        ++stats_.stale;
      else
        fail("refused: " + reason);
    } else if (type == "hand_end") {
      ++hands_ended_;
      if (seat_ == 0) table_.hands_seen = std::max(table_.hands_seen, hands_ended_);
      if (hands_ > 0 && hands_ended_ >= hands_) {
        finish();
        close();
      }
    } else if (type == "game_end") {
      table_.game_over = true;
      finish();
      close();
    } else if (type == "state") {
      on_state(msg);
    }
  }

  void on_state(const json& msg) {
    if (done_) return;
    const std::uint64_t version = msg.value("version", std::uint64_t{0});
    const json& last = msg["last"];
    if (pending_ && last.is_object() && last.value("seat", -1) == seat_ &&
        last.value("version", std::uint64_t{0}) > sent_version_) {
      pending_ = false;
      stats_.latency_ms.push_back(
          std::chrono::duration<double, std::milli>(Clock::now() - sent_at_).count());
    }
    const json& legal = msg["legal"];
    if (pending_ || !legal.is_array() || legal.empty()) return;
    std::size_t pick = std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(rng_);
    for (std::size_t i = 0; i < legal.size(); ++i) {
      const std::string t = legal[i].value("type", "");
      if (t == "tsumo" || t == "ron") pick = i;
    }
    pending_ = true;
    sent_version_ = version;
    sent_at_ = Clock::now();
    ++stats_.actions;
    send(riichi::io::dump_json(json{{"type", "action"}, {"version", version}, {"index", pick}}));
  }

  websocket::stream<beast::tcp_stream> ws_;
  tcp::endpoint ep_;
  TableRun& table_;
  int index_;
  int hands_;
  Stats& stats_;
  std::mt19937_64 rng_;
  beast::flat_buffer buffer_;
  std::deque<std::string> out_;
  int seat_ = -1;
  int hands_ended_ = 0;
  bool pending_ = false;
  std::uint64_t sent_version_ = 0;
  Clock::time_point sent_at_;
  bool open_ = false, closing_ = false, done_ = false;
};

// A blocking HTTP request to the server (table creation, replays).
json http_json(const tcp::endpoint& ep, http::verb verb, const std::string& target,
               const std::string& body, unsigned* status) {
  net::io_context ioc;
  beast::tcp_stream stream(ioc);
  stream.connect(ep);
  http::request<http::string_body> req{verb, target, 11};
  req.set(http::field::host, "127.0.0.1");
  req.set(http::field::content_type, "application/json");
  req.body() = body;
  req.prepare_payload();
  http::write(stream, req);
  beast::flat_buffer buffer;
  http::response_parser<http::string_body> parser;
  parser.body_limit(256 * 1024 * 1024);
  http::read(stream, buffer, parser);
  beast::error_code ec;
  stream.socket().shutdown(tcp::socket::shutdown_both, ec);
  if (status != nullptr) *status = parser.get().result_int();
  return riichi::io::try_parse_json(parser.get().body()).value_or(json());
}

double percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const auto i = static_cast<std::size_t>(p * static_cast<double>(v.size() - 1) + 0.5);
  return v[std::min(i, v.size() - 1)];
}

int run(const Options& opt) {
  std::unique_ptr<riichi::server::Server> server;
  std::string db = opt.db;
  bool remove_db = false;
  tcp::endpoint ep;
  if (opt.connect.empty()) {
    if (db.empty()) {
      db = (std::filesystem::temp_directory_path() /
            fmt::format("riichi-loadtest-{}.db", static_cast<long>(getpid())))
               .string();
      remove_db = true;
    }
    riichi::server::ServerOptions so;
    so.port = 0;
    so.db = db;
    so.threads = opt.server_threads;
    so.timing.bot_delay_ms = 0;
    so.timing.hand_pause_ms = 0;
    so.timing.claim_timeout_ms = 60000;
    so.timing.reconnect_timeout_ms = 600000;
    so.allow_chosen_seed = true;  // reproducible tables
    so.limits.tables_per_minute = 0;
    so.sync_full = opt.sync_full;
    server = std::make_unique<riichi::server::Server>(so);
    server->start();
    ep = tcp::endpoint(net::ip::make_address("127.0.0.1"), server->port());
  } else {
    const auto colon = opt.connect.rfind(':');
    if (colon == std::string::npos) {
      fmt::print(stderr, "error: --connect HOST:PORT\n");
      return 2;
    }
    ep = tcp::endpoint(net::ip::make_address(opt.connect.substr(0, colon)),
                       static_cast<unsigned short>(std::stoi(opt.connect.substr(colon + 1))));
  }
  fmt::print("riichi load test: {} tables x 4 WebSocket clients, {} per table, time limit {} s\n",
             opt.tables, opt.hands > 0 ? fmt::format("{} hand(s)", opt.hands) : "a whole game",
             opt.time_limit);
  std::fflush(stdout);
  std::vector<TableRun> tables(static_cast<std::size_t>(opt.tables));
  for (int t = 0; t < opt.tables; ++t) {
    unsigned status = 0;
    const json r =
        http_json(ep, http::verb::post, "/api/tables",
                  riichi::io::dump_json(json{{"rules", opt.rules},
                                             {"seats", {"human", "human", "human", "human"}},
                                             {"seed", opt.seed + static_cast<std::uint64_t>(t)}}),
                  &status);
    if (status != 201 || !r.contains("id")) {
      fmt::print(stderr, "error: creating table {} failed ({}): {}\n", t, status,
                 riichi::io::dump_json(r));
      return 1;
    }
    tables[static_cast<std::size_t>(t)].id = r["id"].get<std::string>();
  }
  Stats stats;
  net::io_context ioc;
  std::vector<std::shared_ptr<LoadClient>> clients;
  const auto start = Clock::now();
  for (int t = 0; t < opt.tables; ++t)
    for (int k = 0; k < 4; ++k) {
      auto c = std::make_shared<LoadClient>(
          ioc, ep, tables[static_cast<std::size_t>(t)], t * 4 + k, opt.hands, stats,
          opt.seed * 1000003u + static_cast<std::uint64_t>(t * 4 + k));
      c->start();
      clients.push_back(std::move(c));
    }
  // Poll for the end or the time limit.
  net::steady_timer timer(ioc);
  bool timed_out = false;
  const auto deadline = start + std::chrono::duration_cast<Clock::duration>(
                                    std::chrono::duration<double>(opt.time_limit));
  std::function<void()> poll = [&] {
    const bool all = std::all_of(tables.begin(), tables.end(),
                                 [](const TableRun& t) { return t.done_clients >= 4; });
    if (all || Clock::now() >= deadline) {
      timed_out = !all;
      for (auto& c : clients) c->close();
      timer.expires_after(std::chrono::milliseconds(200));
      timer.async_wait([&](beast::error_code) { ioc.stop(); });
      return;
    }
    timer.expires_after(std::chrono::milliseconds(20));
    timer.async_wait([&](beast::error_code ec) {
      if (!ec) poll();
    });
  };
  poll();
  ioc.run();
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  if (server) server->stop();
  // Lost games: every table must have played its hands, in the server and in its stored record
  // (read from the database of an in-process server; a remote one is judged by its clients).
  int lost = 0;
  long stored_hands = 0;
  std::unique_ptr<riichi::server::Store> store;
  if (server) store = std::make_unique<riichi::server::Store>(db);
  for (const TableRun& t : tables) {
    int hands = t.hands_seen;
    bool over = t.game_over;
    if (store) {
      hands = -1;
      if (const auto row = store->get(t.id)) {
        // The stored record replays (an unfinished game up to its last saved action).
        const riichi::GameRecord record = riichi::record_from_text(row->record);
        riichi::GameRecorder rec(record.rules, record.seed, record.players);
        bool ok = true;
        for (std::size_t i = 0; i < record.actions.size() && ok; ++i)
          ok = rec.apply(record.actions[i], record.mode(i)).ok;
        hands = ok ? static_cast<int>(rec.log().hands.size()) : -1;
        over = ok && rec.game().is_over() && row->status == "finished";
      }
    }
    stored_hands += std::max(hands, 0);
    const bool complete = opt.hands > 0 ? hands >= opt.hands : t.game_over && over;
    if (!complete || t.done_clients < 4) {
      ++lost;
      if (lost <= 5)
        fmt::print(stderr, "lost game: table {}: {} stored hand(s), {} of 4 clients finished\n",
                   t.id, hands, t.done_clients);
    }
  }
  store.reset();
  if (remove_db)
    for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(db + suffix);
  const double p50 = percentile(stats.latency_ms, 0.50), p99 = percentile(stats.latency_ms, 0.99),
               mx = percentile(stats.latency_ms, 1.0);
  fmt::print("tables {}  hands {}  actions {}  time {:.2f} s  actions/s {:.0f}\n", opt.tables,
             stored_hands, stats.actions, seconds, static_cast<double>(stats.actions) / seconds);
  fmt::print("action latency: p50 {:.2f} ms  p99 {:.2f} ms  max {:.2f} ms ({} samples)\n", p50, p99,
             mx, stats.latency_ms.size());
  fmt::print("errors {}  lost games {}  stale-state refusals {} (races between seats){}\n",
             stats.errors, lost, stats.stale, timed_out ? "  TIME LIMIT REACHED" : "");
  for (const std::string& e : stats.error_samples) fmt::print(stderr, "  error: {}\n", e);
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  const long peak_mb = usage.ru_maxrss / 1024;
  fmt::print("peak memory {} MB ({}server and clients; limit {} MB)\n", peak_mb,
             server ? "" : "clients only: ", opt.max_rss_mb);
  const bool memory_ok = peak_mb <= opt.max_rss_mb;
  return stats.errors == 0 && lost == 0 && memory_ok ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  Options opt;
  CLI::App app{"riichi_loadtest: N web tables of 4 WebSocket clients playing random legal actions"};
  app.add_option("--tables", opt.tables, "number of tables")->capture_default_str();
  app.add_option("--hands", opt.hands, "hands per table (0: the whole game)")
      ->capture_default_str();
  app.add_option("--time-limit", opt.time_limit, "seconds before giving up")->capture_default_str();
  app.add_option("--server-threads", opt.server_threads, "threads of the in-process server")
      ->capture_default_str();
  app.add_option("--db", opt.db, "database of the in-process server (default: a temp file)");
  app.add_option("--connect", opt.connect, "HOST:PORT of a running server instead");
  app.add_option("--rules", opt.rules, "rules of the tables")->capture_default_str();
  app.add_option("--seed", opt.seed, "seed of the first table")->capture_default_str();
  app.add_option("--max-rss-mb", opt.max_rss_mb, "fail above this peak memory")
      ->capture_default_str();
  app.add_flag("--sync-full", opt.sync_full, "the in-process server saves with synchronous=FULL");
  CLI11_PARSE(app, argc, argv);
  if (opt.tables < 1 || opt.hands < 0 || opt.time_limit <= 0) {
    fmt::print(stderr, "error: --tables >= 1, --hands >= 0, --time-limit > 0\n");
    return 2;
  }
  try {
    return run(opt);
  } catch (const std::exception& e) {
    fmt::print(stderr, "error: {}\n", e.what());
    return 1;
  }
}
