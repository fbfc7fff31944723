// Build-time generator of the shanten tables (layout: shanten_table.hpp). Run by CMake:
//   riichi_shanten_table_gen OUT.cpp
// writes the tables as a C++ source that riichi_core compiles in. Not part of the library.
//
// Each suit's (or the honours') block values are found by dynamic programming over the base-5
// keys in increasing order: a key's children (the key less one block taken at its lowest tile)
// have smaller keys. The vectors are then numbered (classes), and the pairwise combinations are
// the max-plus convolution of the vectors (at most one pair overall, blocks add up).
#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdio>
#include <map>
#include <memory>
#include <numeric>
#include <stdexcept>
#include <string>
#include <vector>

#include "riichi/shanten_table.hpp"
#include "riichi/table_gen_main.hpp"

namespace riichi::detail {
namespace {

// Block values packed as 10 nibbles, index p*5+b (values stay below 16).
using BlockValues = std::uint64_t;
using Values = std::array<std::array<int, 5>, 2>;

constexpr int block_value(BlockValues v, int p, int b) { return (v >> (4 * (p * 5 + b))) & 15; }

BlockValues pack(const Values& v) {
  BlockValues out = 0;
  for (int p = 0; p < 2; ++p)
    for (int b = 0; b < 5; ++b) out |= BlockValues(std::min(v[p][b], 15)) << (4 * (p * 5 + b));
  return out;
}

Values unpack(BlockValues v) {
  Values out{};
  for (int p = 0; p < 2; ++p)
    for (int b = 0; b < 5; ++b) out[p][b] = block_value(v, p, b);
  return out;
}

// One block taken at the lowest tile: its value, whether it is the pair, the child's values.
void relax(Values& best, BlockValues child, int value, bool pair) {
  for (int p = pair ? 1 : 0; p < 2; ++p) {
    const int child_p = pair ? 0 : p;
    for (int b = 0; b < 5; ++b) {
      const int child_b = pair ? b : b - 1;  // the pair is not a counted block
      if (child_b < 0) continue;
      best[p][b] = std::max(best[p][b], block_value(child, child_p, child_b) + value);
    }
  }
}

// The values of every key of `digits` counts; `runs` is false for honours. Keys whose tile
// count exceeds 14 are skipped (left 0).
std::vector<BlockValues> build_dense(int digits, bool runs) {
  const int size = kPow5[digits];
  std::vector<BlockValues> table(size, 0);
  std::array<int, 9> c{};
  for (int key = 1; key < size; ++key) {
    int rest = key, n = 0, lowest = -1;
    for (int i = 0; i < digits; ++i) {
      c[i] = rest % 5;
      rest /= 5;
      n += c[i];
      if (lowest < 0 && c[i]) lowest = i;
    }
    if (n > 14) continue;
    const int i = lowest;
    Values best = unpack(table[key - kPow5[i]]);  // the lowest tile stays isolated ...
    if (c[i] >= 3) relax(best, table[key - 3 * kPow5[i]], 2, false);  // ... or makes a pung,
    if (c[i] >= 2) {
      relax(best, table[key - 2 * kPow5[i]], 1, true);   // the pair,
      relax(best, table[key - 2 * kPow5[i]], 1, false);  // a partial pung,
    }
    if (runs && i + 2 < digits && c[i + 1] && c[i + 2])  // a chow,
      relax(best, table[key - kPow5[i] - kPow5[i + 1] - kPow5[i + 2]], 2, false);
    if (runs && i + 1 < digits && c[i + 1])  // a two-sided or edge partial,
      relax(best, table[key - kPow5[i] - kPow5[i + 1]], 1, false);
    if (runs && i + 2 < digits && c[i + 2])  // a closed partial.
      relax(best, table[key - kPow5[i] - kPow5[i + 2]], 1, false);
    table[key] = pack(best);
  }
  return table;
}

int digit_sum(int key, int digits) {
  int n = 0;
  for (int i = 0; i < digits; ++i, key /= 5) n += key % 5;
  return n;
}

// Max-plus convolution: out[p][b] = max over ba + bb = b, pa + pb = p of a[pa][ba] + b[pb][bb].
BlockValues combine(BlockValues a, BlockValues b) {
  const Values x = unpack(a), y = unpack(b);
  Values out{};
  for (int total = 0; total < 5; ++total) {
    for (int ba = 0; ba <= total; ++ba) {
      const int bb = total - ba;
      out[0][total] = std::max(out[0][total], x[0][ba] + y[0][bb]);
      out[1][total] = std::max({out[1][total], x[1][ba] + y[0][bb], x[0][ba] + y[1][bb]});
    }
  }
  return pack(out);
}

// The best value of a with b when `blocks` blocks may be counted in all (the pair taken).
int combine_final(BlockValues a, BlockValues b, int blocks) {
  const Values x = unpack(a), y = unpack(b);
  int best = 0;
  for (int ba = 0; ba <= blocks; ++ba) {
    const int bb = blocks - ba;
    best = std::max({best, x[1][ba] + y[0][bb], x[0][ba] + y[1][bb]});
  }
  return best;
}

// Gives each distinct vector a class id, in order of first appearance.
class Classifier {
 public:
  std::uint8_t id(BlockValues v) {
    auto [it, added] = ids_.try_emplace(v, static_cast<int>(values_.size()));
    if (added) values_.push_back(v);
    return static_cast<std::uint8_t>(it->second);
  }
  const std::vector<BlockValues>& values() const { return values_; }

 private:
  std::map<BlockValues, int> ids_;
  std::vector<BlockValues> values_;
};

void expect_size(const char* what, std::size_t got, int expected) {
  if (got != static_cast<std::size_t>(expected))
    throw std::logic_error(std::string("shanten tables: ") + what + " has " + std::to_string(got) +
                           " entries, shanten_table.hpp says " + std::to_string(expected));
}

struct Tables {
  ShantenTableData small{};
  std::vector<std::uint8_t> suit_class, honor_class;
};

Tables build() {
  Tables t;
  const std::vector<BlockValues> dense = build_dense(9, true);
  const std::vector<BlockValues> honor_dense = build_dense(7, false);
  Classifier suit_ids, honor_ids;
  for (int key = 0; key < kHonorKeys; ++key)
    t.honor_class.push_back(honor_ids.id(honor_dense[key]));

  // Rank the low keys (counts of 1..5) by tile count; count how many have each sum or less.
  std::array<int, 3125> order{};
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [](int a, int b) { return digit_sum(a, 5) < digit_sum(b, 5); });
  std::array<int, 21> up_to_sum{};  // number of low keys with sum <= s
  for (int r = 0; r < 3125; ++r) {
    t.small.low_rank[order[r]] = static_cast<std::uint16_t>(r);
    ++up_to_sum[digit_sum(order[r], 5)];
  }
  for (int s = 1; s < 21; ++s) up_to_sum[s] += up_to_sum[s - 1];
  std::uint32_t offset = 0;
  for (int high = 0; high < 625; ++high) {
    t.small.high_offset[high] = offset;
    const int room = 14 - digit_sum(high, 4);
    if (room < 0) continue;
    for (int r = 0; r < up_to_sum[std::min(room, 20)]; ++r)
      t.suit_class.push_back(suit_ids.id(dense[order[r] + 3125 * high]));
    offset = static_cast<std::uint32_t>(t.suit_class.size());
  }
  expect_size("the suit index", t.suit_class.size(), kSuitEntries);
  const std::vector<BlockValues>& suits = suit_ids.values();
  const std::vector<BlockValues>& honors = honor_ids.values();
  expect_size("the suit classes", suits.size(), kSuitClasses);
  expect_size("the honour classes", honors.size(), kHonorClasses);

  // Pairwise combinations, then the final value for each pair of combinations.
  Classifier mp_ids, sz_ids;
  int i = 0;
  for (BlockValues m : suits)
    for (BlockValues p : suits) t.small.mp_class[i++] = mp_ids.id(combine(m, p));
  i = 0;
  for (BlockValues s : suits)
    for (BlockValues z : honors) t.small.sz_class[i++] = sz_ids.id(combine(s, z));
  expect_size("the man+pin classes", mp_ids.values().size(), kManPinClasses);
  expect_size("the sou+honour classes", sz_ids.values().size(), kSouHonorClasses);
  i = 0;
  for (BlockValues mp : mp_ids.values())
    for (BlockValues sz : sz_ids.values())
      for (int blocks = 0; blocks < 5; ++blocks)
        t.small.final_value[i++] = static_cast<std::int8_t>(combine_final(mp, sz, blocks));
  return t;
}

// Writing ---------------------------------------------------------------------------------------

template <class T, std::size_t N>
void write_array(std::FILE* out, const char* name, const T (&values)[N]) {
  std::fprintf(out, "    /* %s */ {", name);
  for (std::size_t i = 0; i < N; ++i)
    std::fprintf(out, "%s%s%d", i ? "," : "", i % 24 == 0 ? "\n        " : "",
                 static_cast<int>(values[i]));
  std::fprintf(out, "},\n");
}

// A byte string as a C++ string literal: printable bytes as themselves, others as three-digit
// octal escapes (never ambiguous), 100 bytes per line.
void write_bytes(std::FILE* out, const char* name, const std::vector<std::uint8_t>& bytes) {
  std::fprintf(out, "const unsigned char %s[%zu] =", name, bytes.size() + 1);
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    if (i % 100 == 0) std::fprintf(out, "%s\n    \"", i ? "\"" : "");
    const int b = bytes[i];
    if (b == '\\' || b == '"' || b == '?')
      std::fprintf(out, "\\%c", b);
    else if (b >= 32 && b < 127)
      std::fputc(b, out);
    else
      std::fprintf(out, "\\%03o", b);
  }
  std::fprintf(out, "\";\n\n");
}

void write(std::FILE* out, const Tables& t) {
  std::fprintf(out,
               "// Generated by src/riichi/shanten_table_gen.cpp at build time: do not edit.\n"
               "// Layout: src/riichi/shanten_table.hpp.\n"
               "#include \"riichi/shanten_table.hpp\"\n\n"
               "namespace riichi::detail {\n\n"
               "const ShantenTableData kShantenTableData = {\n");
  write_array(out, "high_offset", t.small.high_offset);
  write_array(out, "low_rank", t.small.low_rank);
  write_array(out, "mp_class", t.small.mp_class);
  write_array(out, "sz_class", t.small.sz_class);
  write_array(out, "final_value", t.small.final_value);
  std::fprintf(out, "};\n\n");
  write_bytes(out, "kSuitClass", t.suit_class);
  write_bytes(out, "kHonorClass", t.honor_class);
  std::fprintf(out, "}  // namespace riichi::detail\n");
}

}  // namespace
}  // namespace riichi::detail

int main(int argc, char** argv) {
  return riichi::detail::generate_table_source(
      argc, argv, [] { return std::make_unique<riichi::detail::Tables>(riichi::detail::build()); },
      [](std::FILE* out, const riichi::detail::Tables& t) { riichi::detail::write(out, t); });
}
