"""parse, format, analyze, score: expected values from RULES.md, not from the engine."""

import pytest

import riichi


def test_analyze_tenpai_waits_and_shapes():
    # 123m 23456p 456s 99s: the 23456p run waits on 1p-4p-7p (RULES.md §1.3 example).
    a = riichi.analyze("23456p99s123m456s")
    assert a["shanten"] == 0
    assert a["tenpai"] is True
    assert [w["tile"] for w in a["waits"]] == ["1p", "4p", "7p"]
    # 4 copies of 1p and 7p unseen, 4p: one held -> 3 left; total 11.
    assert [w["remaining"] for w in a["waits"]] == [4, 3, 4]
    assert a["waits_total"] == 11
    assert a["waits"][0]["shapes"] == ["ryanmen"]


def test_analyze_implied_melds_and_visible():
    a = riichi.analyze("23456p99s", visible="1p1p7p")
    assert [w["tile"] for w in a["waits"]] == ["1p", "4p", "7p"]
    assert [w["remaining"] for w in a["waits"]] == [2, 3, 3]


def test_analyze_complete_hand_and_discard_table():
    a = riichi.analyze("123m456p789s11z222z")
    assert a["complete"] is True
    assert a["shanten"] == -1
    assert a["concealed_tiles"] == 14
    assert a["discards"], "a 14-tile hand has a discard table"


def test_analyze_kokushi_shanten_form():
    # Thirteen orphans with every kind once: tenpai on all 13 (kokushi_13).
    a = riichi.analyze("19m19p19s1234567z")
    assert a["shanten_forms"]["kokushi"] == 0
    assert len(a["waits"]) == 13


def test_analyze_accepts_lists():
    assert riichi.analyze(["2p", "3p", "4p", "5p", "6p", "9s", "9s"])["waits_total"] == 11


def test_parse_and_format():
    h = riichi.parse("321m c465s 11z")
    assert h["concealed"] == ["3m", "2m", "1m", "1z", "1z"]  # as written
    assert h["text"] == "123m11z c456s"  # canonical: sorted
    assert h["melds"][0]["type"] == "chi"
    assert h["melds"][0]["tiles"] == ["4s", "6s", "5s"]  # the called tile first
    assert h["melds"][0]["open"] is True
    assert riichi.format("321m") == "123m"
    assert riichi.format(h) == riichi.format("123m11z c465s")
    assert riichi.format(["5p", "1m", "0p"]) == "1m05p"
    # Physical ids: kind = id // 4; copy 0 of a five is red with red fives.
    assert riichi.format([0, 4, 8]) == "123m"
    assert riichi.format([16], red_fives=True) == "0m"
    assert riichi.format([16], red_fives=False) == "5m"


def test_parse_errors_name_the_position():
    with pytest.raises(riichi.RiichiError, match=r"position 3"):
        riichi.parse("12x")
    with pytest.raises(ValueError):  # RiichiError is a ValueError
        riichi.analyze("11111m")
    with pytest.raises(riichi.RiichiError, match="visible"):
        riichi.analyze("23456p99s", visible="9q")


def test_score_tsumo_mangan():
    # RULES.md §8: riichi, menzen tsumo, pinfu, ittsu = 5 han mangan; non-dealer tsumo
    # 2000/4000, 8000 in total.
    s = riichi.score("closed=33m123m123s456s78s win=9s tsumo seat=S round=E flags=riichi")
    assert s["ok"] is True
    assert s["han"] == 5
    assert s["limit"] == "mangan"
    assert s["payments"]["dealer"] == 4000
    assert s["payments"]["non_dealer"] == 2000
    assert s["total"] == 8000
    names = {y["name"] for y in s["yaku"]}
    assert {"riichi", "pinfu", "ittsu"} <= names


def test_score_structured_vector_equals_text():
    text = riichi.score("closed=33m123m123s456s78s win=9s ron seat=S flags=riichi")
    structured = riichi.score({"closed": "33m123m123s456s78s", "win": "9s", "win_type": "ron",
                               "seat": "S", "flags": ["riichi"]})
    assert structured == text
    assert text["payments"]["ron"] == 7700  # RULES.md §8.4 #2: 4 han 30 fu non-dealer ron


def test_score_yakuman_and_melds():
    s = riichi.score("closed=333m222p444p33s88s win=8s tsumo")  # suuankou tsumo
    assert s["yaku"][0]["yakuman"] == 1
    assert s["payments"]["dealer"] == 16000
    pao = riichi.score({"closed": "123m4p", "melds": ["p555z", {"type": "pon", "tiles": [
        "6z", "6z", "6z"]}, "p777z"], "win": "4p", "ron": True, "seat": "S", "from": "W",
        "pao": "N", "honba": 1})
    assert pao["total"] == 32300  # daisangen ron 32000 + 300 for the counter


def test_score_rules_and_invalid_win():
    v = "closed=234m567p23s55m melds=[c678s] win=4s ron seat=S"
    assert riichi.score(v, rules="tenhou")["ok"] is True
    no_kuitan = riichi.score(v, rules="ema2016,open_tanyao=false")
    assert no_kuitan["ok"] is False
    assert no_kuitan["error_kind"] == "no_yaku"
    with pytest.raises(riichi.RiichiError, match="nosuchpreset"):
        riichi.score(v, rules="nosuchpreset")
    with pytest.raises(riichi.RiichiError, match="position 43"):
        riichi.score("closed=33m123m123s456s78s win=9s ron seat=X")
    with pytest.raises(riichi.RiichiError, match="unknown key 'colour'"):
        riichi.score({"closed": "123m", "win": "1m", "colour": "red"})


def test_bot_names():
    names = riichi.bot_names()
    assert "random" in names and "greedy" in names


def _cli():
    import os

    cli = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(riichi.__file__))),
                       os.pardir, "riichi")
    if not os.path.exists(cli):
        pytest.skip("the CLI is not built")
    return cli


@pytest.mark.parametrize("hand", ["23456p99s123m456s", "123m456p78s c345p 11z", "1112345678999m5p"])
def test_analyze_has_the_fields_of_the_cli_json(hand):
    import json
    import subprocess

    run = subprocess.run([_cli(), "analyze", "--json", hand], capture_output=True, text=True,
                         timeout=60)
    assert run.returncode == 0, run.stderr
    assert riichi.analyze(hand) == json.loads(run.stdout)


@pytest.mark.parametrize("vector,rules", [
    ("closed=33m123m123s456s78s win=9s tsumo seat=S round=E flags=riichi", "ema2016"),
    ("closed=123m4p melds=[p555z p666z p777z] win=4p ron seat=S from=W pao=N honba=1", "tenhou"),
    ("closed=234m567p23s789s55m win=9s ron", "ema2016"),
])
def test_score_has_the_fields_of_the_cli_json(vector, rules):
    import json
    import subprocess

    run = subprocess.run([_cli(), "score", "--json", "--rules", rules, vector],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode in (0, 1), run.stderr
    assert riichi.score(vector, rules) == json.loads(run.stdout)


def test_analyze_ev_reference_example():
    # ../shared/ev-reference hand 0: discarding 2z leaves a chiitoitsu tanki on 5m; the
    # calculator gives win 0.370278 at turn 1 and 3/104 at turn 17 (3 live 5m, 121 - 17 tiles).
    a = riichi.analyze("0112233m1125577z", ev=True, model="reference", dora="4p", seat="N",
                       round="S")
    first = a["discards"][0]
    assert first["tile"] == "2z"
    assert first["ev"]["win_prob"] == pytest.approx(0.370278, abs=5e-7)
    assert len(first["ev"]["win_prob_by_turn"]) == 19
    assert first["ev"]["win_prob_by_turn"][17] == pytest.approx(3 / 104, rel=1e-12)
    assert "ev_time_ms" in a
    scores = [d["ev"]["exp_score"] for d in a["discards"]]
    assert scores == sorted(scores, reverse=True)


def test_analyze_ev_default_model_and_errors():
    a = riichi.analyze("234567m234p22s34s5p", ev=True, turn=6, dora=["1z"])
    assert a["ev_turn"] == 6
    for d in a["discards"]:
        assert 0 <= d["ev"]["win_prob"] <= d["ev"]["tenpai_prob"] <= 1
    with pytest.raises(riichi.RiichiError, match="turn 19"):
        riichi.analyze("234567m234p22s34s5p", ev=True, turn=19)
    with pytest.raises(riichi.RiichiError, match="3n\\+2"):
        riichi.analyze("234567m234p22s34s", ev=True)
