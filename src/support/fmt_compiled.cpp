// The compiled part of {fmt}, built into the project as a static library.
//
// Debian 12 ships {fmt} 9 as a shared library only (libfmt-dev has no libfmt.a). Linking the
// shared one makes every process load libfmt.so and, through it, libstdc++.so: about 1.6 M
// instructions of symbol lookup in the dynamic loader before main() (a third of `riichi
// analyze`). {fmt} documents two ways to avoid it: header-only (FMT_HEADER_ONLY, which compiles
// the formatting core again in every file that includes it: +4 s of CPU per file) or building
// its non-inline functions once. This file does the latter from {fmt}'s own public header
// <fmt/format-inl.h>: it defines every FMT_FUNC function, and instantiates the templates that
// <fmt/format.h> declares `extern template` (the locale helpers) or leaves to the library (the
// float-to-decimal conversion, the buffer append), for the char and wchar_t code units.
#include <fmt/format-inl.h>

FMT_BEGIN_NAMESPACE
namespace detail {

template auto dragonbox::to_decimal(float x) noexcept -> dragonbox::decimal_fp<float>;
template auto dragonbox::to_decimal(double x) noexcept -> dragonbox::decimal_fp<double>;

template locale_ref::locale_ref(const std::locale& loc);
template auto locale_ref::get<std::locale>() const -> std::locale;

template auto thousands_sep_impl(locale_ref) -> thousands_sep_result<char>;
template auto decimal_point_impl(locale_ref) -> char;
template auto thousands_sep_impl(locale_ref) -> thousands_sep_result<wchar_t>;
template auto decimal_point_impl(locale_ref) -> wchar_t;

template void buffer<char>::append(const char*, const char*);
template void buffer<wchar_t>::append(const wchar_t*, const wchar_t*);

}  // namespace detail
FMT_END_NAMESPACE
