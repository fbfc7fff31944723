#include "learn_convert.hpp"

#include "convert.hpp"

namespace riichi::py {

namespace {

constexpr const char* kGroups = "tsumogiri, call_sources, shanten, oracle (or default, all, base)";

void add_group(learn::PlaneOptions& o, const std::string& name) {
  if (name == "tsumogiri") {
    o.tsumogiri = true;
  } else if (name == "call_sources") {
    o.call_sources = true;
  } else if (name == "shanten") {
    o.shanten = true;
  } else if (name == "oracle") {
    o.oracle = true;
  } else if (name == "default") {
    o.tsumogiri = o.call_sources = true;
  } else if (name == "all") {
    o.tsumogiri = o.call_sources = o.shanten = o.oracle = true;
  } else if (name != "base" && !name.empty()) {
    raise_error("features: unknown group '" + name + "' (expected " + kGroups + ")");
  }
}

}  // namespace

learn::PlaneOptions plane_options(const pyb::handle& features) {
  if (features.is_none()) return learn::PlaneOptions{};
  learn::PlaneOptions o{false, false, false, false};
  if (pyb::isinstance<pyb::str>(features)) {
    const std::string text = features.cast<std::string>();
    std::size_t start = 0;
    while (start <= text.size()) {
      std::size_t comma = text.find(',', start);
      if (comma == std::string::npos) comma = text.size();
      std::string name = text.substr(start, comma - start);
      name.erase(0, name.find_first_not_of(' '));
      name.erase(name.find_last_not_of(' ') + 1);
      add_group(o, name);
      start = comma + 1;
    }
    return o;
  }
  if (!pyb::isinstance<pyb::iterable>(features))
    raise_error("features: expected None, a str or an iterable of group names (" +
                std::string(kGroups) + ")");
  for (const pyb::handle item : features) {
    if (!pyb::isinstance<pyb::str>(item)) raise_error("features: group names must be str");
    add_group(o, item.cast<std::string>());
  }
  return o;
}

bool float_dtype(const pyb::handle& dtype) {
  const std::string name =
      pyb::str(pyb::module_::import("numpy").attr("dtype")(dtype).attr("name")).cast<std::string>();
  if (name == "uint8") return false;
  if (name == "float32") return true;
  raise_error("dtype: observations are uint8 or float32, got " + name);
}

pyb::array obs_array(std::vector<pyb::ssize_t> shape, bool float32) {
  if (float32) return pyb::array_t<float>(shape);
  return pyb::array_t<std::uint8_t>(shape);
}

}  // namespace riichi::py
