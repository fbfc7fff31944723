#include "io/review_html.hpp"

#include <fstream>
#include <stdexcept>

#include "io/review_json.hpp"
#include "review_page.hpp"

namespace riichi::io {

namespace {

void replace_once(std::string& text, const std::string& what, const std::string& with) {
  const std::size_t at = text.find(what);
  if (at == std::string::npos) throw std::logic_error("review page: no " + what);
  text.replace(at, what.size(), with);
}

}  // namespace

std::string review_html(const std::vector<review::GameReview>& games) {
  nlohmann::ordered_json data = nlohmann::ordered_json::array();
  for (const review::GameReview& g : games) data.push_back(review_to_json(g, true));
  std::string json = data.dump();
  // Inside <script>: "</" would end it.
  for (std::size_t at = 0; (at = json.find("</", at)) != std::string::npos; at += 3)
    json.replace(at, 2, "<\\/");
  std::string page = generated::kReviewPage;
  replace_once(page, "/*VIEWER_JS*/", generated::kViewerJs);
  replace_once(page, "/*REVIEW_DATA*/", json);
  return page;
}

void write_review_html(const std::string& path, const std::vector<review::GameReview>& games) {
  std::ofstream out(path, std::ios::binary);
  if (out) out << review_html(games);
  if (!out) throw std::runtime_error("cannot write '" + path + "'");
}

}  // namespace riichi::io
