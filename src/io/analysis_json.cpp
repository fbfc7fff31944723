#include "io/analysis_json.hpp"

#include "io/io_internal.hpp"

namespace riichi::io {

namespace {

nlohmann::json form_value(int shanten) {
  return shanten >= 99 ? nlohmann::json() : nlohmann::json(shanten);
}

}  // namespace

nlohmann::json analysis_to_json(const HandAnalysis& a) {
  nlohmann::json j;
  j["hand"] = format_hand(a.hand);
  j["concealed_tiles"] = a.concealed_tiles;
  j["shanten"] = a.shanten.shanten;
  j["shanten_forms"] = {{"standard", a.shanten.standard},
                        {"chiitoitsu", form_value(a.shanten.chiitoitsu)},
                        {"kokushi", form_value(a.shanten.kokushi)}};
  if (a.concealed_tiles % 3 == 2) {
    j["complete"] = a.complete;
    nlohmann::json discards = nlohmann::json::array();
    for (const DiscardOption& d : a.discards)
      discards.push_back({{"tile", kind_to_string(d.kind)},
                          {"shanten", d.shanten},
                          {"ukeire_total", d.total},
                          {"ukeire", kind_counts_json(d.ukeire)}});
    j["discards"] = discards;
    return j;
  }
  j["tenpai"] = !a.waits.empty();
  if (!a.waits.empty()) {
    nlohmann::json waits = nlohmann::json::array();
    for (const Wait& w : a.waits) {
      nlohmann::json shapes = nlohmann::json::array();
      for (int s = 0; s < kNumWaitShapes; ++s)
        if (w.has(static_cast<WaitShape>(s)))
          shapes.push_back(std::string(wait_shape_name(static_cast<WaitShape>(s))));
      waits.push_back(
          {{"tile", kind_to_string(w.kind)}, {"remaining", w.remaining}, {"shapes", shapes}});
    }
    j["waits"] = waits;
    j["waits_total"] = a.waits_total;
    j["tenpai_for_payment"] = a.tenpai_for_payment;
  } else {
    j["ukeire"] = kind_counts_json(a.ukeire.tiles);
    j["ukeire_total"] = a.ukeire.total;
  }
  return j;
}

}  // namespace riichi::io
