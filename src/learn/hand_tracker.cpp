#include "learn/hand_tracker.hpp"

namespace riichi::learn {

void HandTracker::reset() {
  seats_ = {};
  num_dora_ = 0;
  claim_tile_ = -1;
  kans_ = 0;
  kan_pending_ = false;
  read_ = 0;
}

void HandTracker::sync(const Round& round, std::size_t hand_key) {
  const std::vector<Event>& events = round.events();
  if (hand_key != hand_key_ || events.size() < read_) {
    reset();
    hand_key_ = hand_key;
  }
  for (; read_ < events.size(); ++read_) apply(events[read_]);
}

void HandTracker::add(int seat, int id) {
  TrackedSeat& s = seats_[static_cast<std::size_t>(seat)];
  s.ids[static_cast<std::size_t>(id >> 6)] |= std::uint64_t{1} << (id & 63);
  ++s.counts[static_cast<std::size_t>(id / 4)];
  ++s.concealed;
}

void HandTracker::remove(int seat, int id) {
  TrackedSeat& s = seats_[static_cast<std::size_t>(seat)];
  s.ids[static_cast<std::size_t>(id >> 6)] &= ~(std::uint64_t{1} << (id & 63));
  --s.counts[static_cast<std::size_t>(id / 4)];
  --s.concealed;
}

// A kakan or ankan stands once the hand goes on past its chankan window (Round::complete_kan):
// the tile leaves the hand, the pon becomes a kakan or the ankan is laid down.
void HandTracker::complete_kan() {
  kan_pending_ = false;
  const Event& e = pending_kan_;
  TrackedSeat& s = seats_[static_cast<std::size_t>(e.seat)];
  const int kind = e.tile / 4;
  if (e.meld == MeldType::kKakan) {
    remove(e.seat, e.tile);
    for (int m = 0; m < s.num_melds; ++m) {
      MeldInfo& meld = s.melds[static_cast<std::size_t>(m)];
      if (meld.type != MeldType::kPon || meld.ids[0] / 4 != kind) continue;
      meld.type = MeldType::kKakan;
      meld.ids[3] = static_cast<std::uint8_t>(e.tile);
    }
  } else {
    MeldInfo meld;
    meld.type = MeldType::kAnkan;
    for (int c = 0; c < 4; ++c) {
      meld.ids[static_cast<std::size_t>(c)] = static_cast<std::uint8_t>(kind * 4 + c);
      remove(e.seat, kind * 4 + c);
    }
    s.melds[static_cast<std::size_t>(s.num_melds++)] = meld;
  }
  ++kans_;
}

void HandTracker::apply(const Event& e) {
  if (kan_pending_) {
    if (e.type == EventType::kWin) {
      kan_pending_ = false;  // robbed (chankan): the kan never stands
    } else {
      complete_kan();
    }
  }
  switch (e.type) {
    case EventType::kDeal:
      for (int i = 0; i < e.hand_size; ++i) add(e.seat, e.hand[static_cast<std::size_t>(i)]);
      break;
    case EventType::kDraw:
      add(e.seat, e.tile);
      seats_[static_cast<std::size_t>(e.seat)].drawn = e.tile;
      break;
    case EventType::kDiscard: {
      TrackedSeat& s = seats_[static_cast<std::size_t>(e.seat)];
      remove(e.seat, e.tile);
      if (s.num_discards < Round::kMaxDiscards)
        s.discards[static_cast<std::size_t>(s.num_discards++)] =
            DiscardInfo{static_cast<std::uint8_t>(e.tile), e.tsumogiri, e.riichi, false};
      s.drawn = -1;
      claim_tile_ = e.tile;
      break;
    }
    case EventType::kCall: {
      TrackedSeat& s = seats_[static_cast<std::size_t>(e.seat)];
      s.drawn = -1;
      if (e.meld == MeldType::kKakan || e.meld == MeldType::kAnkan) {
        pending_kan_ = e;
        kan_pending_ = true;
        claim_tile_ = e.tile;
        break;
      }
      TrackedSeat& from = seats_[static_cast<std::size_t>(e.from)];
      if (from.num_discards > 0)
        from.discards[static_cast<std::size_t>(from.num_discards - 1)].called = true;
      MeldInfo meld;
      meld.type = e.meld;
      meld.ids = e.meld_ids;
      meld.from = e.from;
      for (int i = 1; i < meld.size(); ++i) remove(e.seat, e.meld_ids[static_cast<std::size_t>(i)]);
      s.melds[static_cast<std::size_t>(s.num_melds++)] = meld;
      if (e.meld == MeldType::kDaiminkan) ++kans_;
      break;
    }
    case EventType::kDoraRevealed:
      if (num_dora_ < 5) dora_[static_cast<std::size_t>(num_dora_++)] = e.tile;
      break;
    case EventType::kRiichiDeclared:
    case EventType::kRiichiAccepted:
    case EventType::kWin:
    case EventType::kReveal:
    case EventType::kExhaustiveDraw:
    case EventType::kAbortiveDraw:
      break;
    case EventType::kKita:  // the North leaves the hand; the replacement is a kDraw
      remove(e.seat, e.tile);
      seats_[static_cast<std::size_t>(e.seat)].drawn = -1;
      ++kans_;  // a replacement draw like a kan's: one live tile fewer
      break;
  }
}

}  // namespace riichi::learn
