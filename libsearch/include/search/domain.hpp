// The domain concept: what a search needs to know about an implicit move graph.
//
// A domain is an object that describes states and moves, const during a
// search and shareable between threads. It may hold the problem's data,
// goal included (a grid map holds its walls and its target cell); it never
// draws, prints or keeps search state.
//
// Required (Domain, enough for the searches that keep states only on their
// stack: depth_first, ida_star):
//   State                    default-constructible, copyable value; copy-assigning into an existing
//                            state must not allocate (searches copy-make)
//   Move                     trivially copyable, at most 4 bytes
//   kMaxMoves                a bound on the legal moves of any state
//   moves(s, list)           appends the legal moves of s to a MoveList
//   apply(s, m) -> bool      plays m in place; false when it changed nothing
//                            or a pruning rule that looks at the result drops
//                            it (such a move is dropped by every search)
//   is_goal(s) -> bool
// Required by the searches that store states (StorableDomain: bfs,
// best-first, beam, weighted A*, and duplicate detection in DFS and IDA*):
//   packed_words()           words of a packed state (fixed for the domain)
//   pack(s, out), unpack(in, s)   to and from those words (pools store them)
// Optional (detected with `requires`):
//   key_words()              how many leading packed words identify a state
//                            (default: all); hashing and equality use them
//   lower_bound(s) -> uint32 an admissible estimate of the cost to a goal
//   edge_cost(s, m) -> uint32  cost of playing m in s (default 1)
//   keep_move(s, last, m) -> bool  false when m, offered at s, should not
//                            follow `last`, the move that reached s (the
//                            15-puzzle's "never undo the last move"). Every
//                            search that knows `last` skips such moves
//                            before applying them, so a dropped move must
//                            never be needed by a cheapest path through s
//                            reached by `last` (undoing `last` never is,
//                            with positive costs). Not asked at the start.
//
// Searches use copy-make (child = parent; apply) instead of undo records:
// the states this library is built for are a few words, and a word copy is
// cheaper and simpler than recording and replaying an undo.
#pragma once

#include <array>
#include <bit>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <span>
#include <type_traits>

namespace search {

using Word = std::uint64_t;

// A fixed-capacity list of moves owned by the caller: no allocation.
template <class Move, std::size_t N>
class MoveList {
 public:
  void clear() noexcept { size_ = 0; }
  void resize(std::size_t n) noexcept { size_ = n; }  // n <= size(): drops the tail
  void push_back(Move m) noexcept { items_[size_++] = m; }
  std::size_t size() const noexcept { return size_; }
  bool empty() const noexcept { return size_ == 0; }
  Move& operator[](std::size_t i) noexcept { return items_[i]; }
  const Move& operator[](std::size_t i) const noexcept { return items_[i]; }
  Move* begin() noexcept { return items_.data(); }
  Move* end() noexcept { return items_.data() + size_; }
  const Move* begin() const noexcept { return items_.data(); }
  const Move* end() const noexcept { return items_.data() + size_; }
  static constexpr std::size_t capacity() noexcept { return N; }

 private:
  std::array<Move, N> items_{};
  std::size_t size_ = 0;
};

template <class D>
using MoveListOf = MoveList<typename D::Move, D::kMaxMoves>;

template <class D>
concept Domain = std::copyable<typename D::State> &&
                 std::default_initializable<typename D::State> &&
                 std::is_trivially_copyable_v<typename D::Move> &&(sizeof(typename D::Move) <= 4) &&
                 requires(const D& d, typename D::State& s, const typename D::State& cs,
                          typename D::Move m, MoveListOf<D>& list) {
  { D::kMaxMoves } -> std::convertible_to<std::size_t>;
  { d.moves(cs, list) } -> std::same_as<void>;
  { d.apply(s, m) } -> std::same_as<bool>;
  { d.is_goal(cs) } -> std::same_as<bool>;
};

// A domain whose states can be packed into words and stored in a pool.
template <class D>
concept StorableDomain = Domain<D> &&
    requires(const D& d, typename D::State& s, const typename D::State& cs, std::span<Word> out,
             std::span<const Word> in) {
  { d.packed_words() } -> std::convertible_to<std::size_t>;
  d.pack(cs, out);
  d.unpack(in, s);
};

template <class D>
concept HasLowerBound = Domain<D> && requires(const D& d, const typename D::State& s) {
  { d.lower_bound(s) } -> std::convertible_to<std::uint32_t>;
};

template <class D>
concept HasKeyWords = StorableDomain<D> && requires(const D& d) {
  { d.key_words() } -> std::convertible_to<std::size_t>;
};

template <class D>
concept HasEdgeCost = Domain<D> &&
    requires(const D& d, const typename D::State& s, typename D::Move m) {
  { d.edge_cost(s, m) } -> std::convertible_to<std::uint32_t>;
};

// Dominance (optional): for_each_dominating_key(s, f) calls f with the
// keys (key_words_of() words each) of some states that dominate s: from
// each, a goal is reached at no more cost than from s. f returns true to
// stop the listing. Best-first search with skip_dominated uses it.
template <class D>
concept HasDominatingKeys = StorableDomain<D> &&
    requires(const D& d, const typename D::State& s, bool (*f)(std::span<const std::uint64_t>)) {
  d.for_each_dominating_key(s, f);
};

// Superset dominance (optional, with HasDominatingKeys): a domain whose
// keys are sets of bits, where a state whose key has every bit of another
// state's key and more reaches a goal at no more cost, says so with
// `static constexpr bool kKeySupersetsDominate = true`. Best-first search
// with skip_dominated then also looks for such keys among those it stored
// most recently (RecentKeys, workspace.hpp).
template <class D>
concept HasSupersetDominance = HasDominatingKeys<D> && requires {
  requires D::kKeySupersetsDominate;
};

template <StorableDomain D>
std::size_t key_words_of(const D& d) {
  if constexpr (HasKeyWords<D>)
    return d.key_words();
  else
    return d.packed_words();
}

template <Domain D>
std::uint32_t lower_bound_of(const D& d, const typename D::State& s) {
  if constexpr (HasLowerBound<D>)
    return static_cast<std::uint32_t>(d.lower_bound(s));
  else
    return d.is_goal(s) ? 0u : 1u;
}

template <Domain D>
std::uint32_t edge_cost_of(const D& d, const typename D::State& s, typename D::Move m) {
  if constexpr (HasEdgeCost<D>)
    return static_cast<std::uint32_t>(d.edge_cost(s, m));
  else
    return 1u;
}

template <class D>
concept HasMoveFilter = Domain<D> &&
    requires(const D& d, const typename D::State& s, typename D::Move m) {
  { d.keep_move(s, m, m) } -> std::convertible_to<bool>;
};

// Whether move m may follow `last` at s (always, for a domain without the hook).
template <Domain D>
bool keeps_move(const D& d, const typename D::State& s, typename D::Move last, typename D::Move m) {
  if constexpr (HasMoveFilter<D>)
    return static_cast<bool>(d.keep_move(s, last, m));
  else
    return true;
}

// Drops from `list` the moves of s that may not follow `last` (none for a
// domain without the hook), keeping the others in order.
template <Domain D>
void filter_moves(const D& d, const typename D::State& s, typename D::Move last,
                  MoveListOf<D>& list) {
  if constexpr (HasMoveFilter<D>) {
    std::size_t kept = 0;
    for (std::size_t i = 0; i < list.size(); ++i)
      if (d.keep_move(s, last, list[i])) list[kept++] = list[i];
    list.resize(kept);
  }
}

// Moves are stored in 32 bits inside pooled nodes.
template <class Move>
std::uint32_t move_bits(Move m) noexcept {
  std::uint32_t bits = 0;
  static_assert(sizeof(Move) <= sizeof(bits));
  __builtin_memcpy(&bits, &m, sizeof(Move));
  return bits;
}

template <class Move>
Move move_from_bits(std::uint32_t bits) noexcept {
  std::array<unsigned char, sizeof(Move)> bytes;
  __builtin_memcpy(bytes.data(), &bits, sizeof(Move));
  return std::bit_cast<Move>(bytes);
}

}  // namespace search
