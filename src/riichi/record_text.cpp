#include "riichi/record_text.hpp"

#include <charconv>
#include <stdexcept>
#include <vector>

namespace riichi {

namespace {

constexpr char kTypeLetters[] = "drtncpmkaqxb";  // in ActionType order (b: kita, "pei")
// One letter per ActionType: a type added without its letter would write the string's NUL.
static_assert(sizeof(kTypeLetters) - 1 == static_cast<std::size_t>(ActionType::kKita) + 1);

std::vector<std::string_view> split_spaces(std::string_view text) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && text[i] == ' ') ++i;
    const std::size_t start = i;
    while (i < text.size() && text[i] != ' ') ++i;
    if (i > start) out.push_back(text.substr(start, i - start));
  }
  return out;
}

std::string action_token(const Action& a) {
  std::string t(1, kTypeLetters[static_cast<int>(a.type)]);
  t += static_cast<char>('0' + a.seat);
  if (a.tile >= 0) {
    t += '.';
    t += std::to_string(a.tile);
    for (std::int16_t use : a.uses) {
      if (use < 0) break;
      t += '.';
      t += std::to_string(use);
    }
  }
  if (a.tsumogiri) t += '!';
  return t;
}

[[noreturn]] void bad_token(std::size_t index, std::string_view token, const std::string& why) {
  std::string message = "action ";
  message += std::to_string(index + 1);
  message += " '";
  message += token;
  message += "': ";
  message += why;
  throw std::invalid_argument(message);
}

int parse_id(std::string_view digits, std::size_t index, std::string_view token) {
  int value = -1;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  if (ec != std::errc() || end != digits.data() + digits.size() || value < 0 || value > 135)
    bad_token(index, token, "a tile id is a number 0..135");
  return value;
}

Action parse_action(std::string_view token, std::size_t index) {
  Action a;
  if (token.size() < 2) bad_token(index, token, "too short (type letter and seat digit)");
  const std::string_view letters(kTypeLetters);
  const std::size_t type = letters.find(token[0]);
  if (type == std::string_view::npos) bad_token(index, token, "unknown action letter");
  a.type = static_cast<ActionType>(type);
  if (token[1] < '0' || token[1] > '3') bad_token(index, token, "the seat is a digit 0..3");
  a.seat = static_cast<std::int8_t>(token[1] - '0');
  std::string_view rest = token.substr(2);
  if (!rest.empty() && rest.back() == '!') {
    a.tsumogiri = true;
    rest.remove_suffix(1);
  }
  int field = 0;
  while (!rest.empty()) {
    if (rest[0] != '.') bad_token(index, token, "expected '.' before a tile id");
    rest.remove_prefix(1);
    const std::size_t dot = rest.find('.');
    const int id = parse_id(rest.substr(0, dot), index, token);
    if (field == 0)
      a.tile = static_cast<std::int16_t>(id);
    else if (field <= 3)
      a.uses[field - 1] = static_cast<std::int16_t>(id);
    else
      bad_token(index, token, "at most a tile and three ids from the hand");
    ++field;
    rest = dot == std::string_view::npos ? std::string_view() : rest.substr(dot);
  }
  return a;
}

}  // namespace

std::string action_text(const Action& action, InputMode mode) {
  std::string t = action_token(action);
  if (mode == InputMode::kHuman) t += '*';
  return t;
}

std::string to_text(const GameRecord& record) {
  std::string out = "riichi/1 ";
  out += full_rules_spec(record.rules);
  out += ' ';
  out += std::to_string(record.seed);
  for (std::size_t i = 0; i < record.actions.size(); ++i) {
    out += ' ';
    out += action_text(record.actions[i], record.mode(i));
  }
  return out;
}

GameRecord record_from_text(std::string_view text) {
  const std::vector<std::string_view> tokens = split_spaces(text);
  if (tokens.size() < 3 || tokens[0] != "riichi/1")
    throw std::invalid_argument("not a riichi/1 game text (expected 'riichi/1 RULES SEED ...')");
  GameRecord record;
  record.rules = Rules::parse(tokens[1]);
  std::uint64_t seed = 0;
  const auto [end, ec] =
      std::from_chars(tokens[2].data(), tokens[2].data() + tokens[2].size(), seed);
  if (ec != std::errc() || end != tokens[2].data() + tokens[2].size())
    throw std::invalid_argument("the seed '" + std::string(tokens[2]) + "' is not a number");
  record.seed = seed;
  for (std::size_t i = 3; i < tokens.size(); ++i) {
    std::string_view token = tokens[i];
    const bool human = !token.empty() && token.back() == '*';
    if (human) token.remove_suffix(1);
    record.actions.push_back(parse_action(token, i - 3));
    if (human) {
      record.modes.resize(record.actions.size(), InputMode::kLegalOnly);
      record.modes.back() = InputMode::kHuman;
    }
  }
  return record;
}

}  // namespace riichi
