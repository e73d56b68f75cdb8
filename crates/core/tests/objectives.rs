//! Objectives, reserves and scripted events, specified by exact event lists: each test
//! builds a small battle in code, gives commands and lists every event they must produce.

use skirmish_core::prelude::*;

fn board(rows: &[&str]) -> BattleBuilder {
    BattleBuilder::new(TerrainMap::from_rows(&TerrainSet::standard(), rows).unwrap())
}

fn walk(b: &mut Battle, name: &str, digits: &str) -> Vec<Event> {
    let unit = b.find(name).unwrap();
    b.execute(Command::Move {
        unit,
        path: Steps::parse(digits).unwrap(),
    })
    .unwrap()
}

fn wait(b: &mut Battle, name: &str) -> Vec<Event> {
    let unit = b.find(name).unwrap();
    b.execute(Command::Wait { unit }).unwrap()
}

/// `name` waits, and that ends the battle: exactly its `Acted` then the ending, said in `words`.
#[track_caller]
fn waiting_ends(b: &mut Battle, name: &str, winner: Team, why: Ending, words: &str) {
    let unit = id(b, name);
    assert_eq!(
        wait(b, name),
        [Event::Acted { unit }, Event::BattleEnded { winner, why }]
    );
    assert_eq!(why.describe(b), words);
}

fn end_phase(b: &mut Battle) -> Vec<Event> {
    b.execute(Command::EndPhase { team: b.active() }).unwrap()
}

fn id(b: &Battle, name: &str) -> UnitId {
    b.find(name).unwrap()
}

fn p(x: i32, y: i32) -> Pos {
    Pos::new(x, y)
}

fn seize_at(cells: &[Pos], seizers: &[&str]) -> Objective {
    Objective {
        win: Win::Seize {
            cells: cells.to_vec(),
            seizers: seizers.iter().map(|s| s.to_string()).collect(),
        },
        ..Objective::default()
    }
}

#[test]
fn a_seizer_waiting_on_the_cell_wins_and_another_unit_does_not() {
    let mut b = board(&["......", "......"])
        .unit(UnitSpec::player("Kiny", (0, 0)))
        .unit(UnitSpec::player("Lance", (0, 1)))
        .unit(UnitSpec::enemy("Brute", (5, 0), "guard"))
        .objective(seize_at(&[p(2, 1), p(2, 0)], &["Kiny"]))
        .build()
        .unwrap();
    walk(&mut b, "Lance", "22");
    assert_eq!(
        wait(&mut b, "Lance"),
        [Event::Acted { unit: id(&b, "Lance") }],
        "Lance is no seizer"
    );
    walk(&mut b, "Kiny", "22");
    let kiny = id(&b, "Kiny");
    let why = Ending::Seized {
        unit: kiny,
        at: p(2, 0),
    };
    waiting_ends(&mut b, "Kiny", Team::Player, why, "seized (2, 0)");
}

#[test]
fn passing_over_the_seize_cell_is_not_seizing_it() {
    let mut b = board(&["......"])
        .unit(UnitSpec::player("Kiny", (0, 0)))
        .unit(UnitSpec::enemy("Brute", (5, 0), "guard"))
        .objective(seize_at(&[p(1, 0)], &[]))
        .build()
        .unwrap();
    walk(&mut b, "Kiny", "22");
    assert_eq!(wait(&mut b, "Kiny"), [Event::Acted { unit: id(&b, "Kiny") }]);
    assert_eq!(b.ended(), None);
}

#[test]
fn the_boss_falling_wins_while_other_enemies_stand() {
    let weak = Stats {
        hp: 1,
        ..UnitSpec::player("x", (0, 0)).stats
    };
    let mut b = board(&["....."])
        .unit(UnitSpec::player("Kiny", (0, 0)))
        .unit(UnitSpec::enemy("Warlord", (1, 0), "guard").stats(weak))
        .unit(UnitSpec::enemy("Brute", (4, 0), "guard"))
        .objective(Objective {
            win: Win::Boss("Warlord".into()),
            ..Objective::default()
        })
        .build()
        .unwrap();
    let (kiny, boss) = (id(&b, "Kiny"), id(&b, "Warlord"));
    let events = b
        .execute(Command::Attack {
            unit: kiny,
            target: boss,
        })
        .unwrap();
    assert_eq!(
        events[1..],
        [
            Event::Defeated { unit: boss },
            Event::Gained {
                unit: kiny,
                amount: 30,
                exp: 30
            },
            Event::Acted { unit: kiny },
            Event::BattleEnded {
                winner: Team::Player,
                why: Ending::BossFell(boss)
            }
        ]
    );
    assert_eq!(Ending::BossFell(boss).describe(&b), "Warlord fell");
}

#[test]
fn surviving_wins_when_that_turns_enemy_phase_ends() {
    let mut b = board(&["......"])
        .unit(UnitSpec::player("Kiny", (0, 0)))
        .unit(UnitSpec::enemy("Brute", (5, 0), "guard"))
        .objective(Objective {
            win: Win::Survive(2),
            ..Objective::default()
        })
        .build()
        .unwrap();
    end_phase(&mut b);
    assert_eq!(
        end_phase(&mut b),
        [Event::PhaseBegan {
            team: Team::Player,
            turn: 2
        }]
    );
    end_phase(&mut b);
    assert_eq!(
        end_phase(&mut b),
        [Event::BattleEnded {
            winner: Team::Player,
            why: Ending::Survived(2)
        }]
    );
    assert_eq!(Ending::Survived(2).describe(&b), "survived 2 turns");
    assert_eq!(
        b.execute(Command::EndPhase { team: Team::Player }),
        Err(RuleError::BattleOver)
    );
}

#[test]
fn the_turn_limit_is_a_defeat_when_its_enemy_phase_ends_without_a_win() {
    let mut b = board(&["......"])
        .unit(UnitSpec::player("Kiny", (0, 0)))
        .unit(UnitSpec::enemy("Brute", (5, 0), "guard"))
        .objective(Objective {
            turn_limit: Some(1),
            ..Objective::default()
        })
        .build()
        .unwrap();
    end_phase(&mut b);
    assert_eq!(
        end_phase(&mut b),
        [Event::BattleEnded {
            winner: Team::Enemy,
            why: Ending::TurnLimit(1)
        }]
    );
    assert_eq!(Ending::TurnLimit(1).describe(&b), "turn limit 1");
}

#[test]
fn a_protected_unit_falling_is_a_defeat_even_when_it_is_not_the_hero() {
    let frail = Stats {
        hp: 1,
        ..UnitSpec::player("x", (0, 0)).stats
    };
    let mut b = board(&["....."])
        .unit(UnitSpec::player("Kiny", (0, 0)))
        .unit(UnitSpec::player("Lance", (3, 0)).stats(frail))
        .unit(UnitSpec::enemy("Brute", (4, 0), "guard"))
        .objective(Objective {
            protect: vec!["Lance".into()],
            ..Objective::default()
        })
        .build()
        .unwrap();
    end_phase(&mut b);
    let (brute, lance) = (id(&b, "Brute"), id(&b, "Lance"));
    let events = b.execute(Command::Attack {
        unit: brute,
        target: lance,
    });
    let events = events.unwrap();
    assert_eq!(
        events[1..],
        [
            Event::Defeated { unit: lance },
            Event::Acted { unit: brute },
            Event::BattleEnded {
                winner: Team::Enemy,
                why: Ending::HeroFell(lance)
            }
        ]
    );
}

#[test]
fn an_enemy_ending_its_action_on_a_held_cell_is_a_defeat() {
    let mut b = board(&["......"])
        .unit(UnitSpec::player("Kiny", (0, 0)))
        .unit(UnitSpec::enemy("Raider", (5, 0), "guard"))
        .objective(Objective {
            hold: vec![p(3, 0)],
            ..Objective::default()
        })
        .build()
        .unwrap();
    end_phase(&mut b);
    walk(&mut b, "Raider", "44");
    let raider = id(&b, "Raider");
    let why = Ending::HoldTaken {
        unit: raider,
        at: p(3, 0),
    };
    waiting_ends(&mut b, "Raider", Team::Enemy, why, "an enemy took (3, 0)");
}

#[test]
fn a_reserve_arrives_at_the_start_of_its_turn_with_its_line() {
    let mut b = board(&["......"])
        .unit(UnitSpec::player("Kiny", (0, 0)))
        .unit(UnitSpec::enemy("Brute", (5, 0), "guard"))
        .unit(UnitSpec::enemy("Raider", (4, 0), "charger").reserve())
        .event(ScriptEvent::new(Trigger::Turn(2)).arrive("Raider").say("Riders!"))
        .build()
        .unwrap();
    let raider = id(&b, "Raider");
    assert!(!b.unit(raider).alive() && b.unit(raider).reserve());
    assert_eq!(b.unit_at(p(4, 0)), None, "not on the board before");
    assert_eq!(
        b.execute(Command::Wait { unit: raider }),
        Err(RuleError::InReserve(raider))
    );
    end_phase(&mut b);
    assert_eq!(
        end_phase(&mut b),
        [
            Event::PhaseBegan {
                team: Team::Player,
                turn: 2
            },
            Event::ScriptFired { index: 0 },
            Event::Said { text: "Riders!".into() },
            Event::Arrived {
                unit: raider,
                at: p(4, 0)
            },
        ]
    );
    assert_eq!(b.unit_at(p(4, 0)), Some(raider));
    assert!(b.fired(0));
    // It fires once.
    end_phase(&mut b);
    assert_eq!(
        end_phase(&mut b),
        [Event::PhaseBegan {
            team: Team::Player,
            turn: 3
        }]
    );
}

#[test]
fn an_arrival_onto_a_taken_cell_tries_again_each_later_turn() {
    let mut b = board(&["......"])
        .unit(UnitSpec::player("Kiny", (0, 0)))
        .unit(UnitSpec::enemy("Brute", (5, 0), "guard"))
        .unit(UnitSpec::enemy("Raider", (1, 0), "charger").reserve())
        .event(ScriptEvent::new(Trigger::Turn(2)).arrive("Raider"))
        .build()
        .unwrap();
    let raider = id(&b, "Raider");
    walk(&mut b, "Kiny", "2");
    end_phase(&mut b);
    assert_eq!(
        end_phase(&mut b)[1..],
        [
            Event::ScriptFired { index: 0 },
            Event::ArrivalBlocked {
                unit: raider,
                at: p(1, 0)
            },
        ]
    );
    end_phase(&mut b);
    assert_eq!(end_phase(&mut b)[1..], [], "Kiny still stands there on turn 3");
    walk(&mut b, "Kiny", "2");
    end_phase(&mut b);
    assert_eq!(
        end_phase(&mut b)[1..],
        [Event::Arrived {
            unit: raider,
            at: p(1, 0)
        }]
    );
}

#[test]
fn entering_a_cell_fires_its_event_and_undo_takes_the_move_and_the_arrival_back() {
    let mut b = board(&["......", "......"])
        .unit(UnitSpec::player("Kiny", (0, 0)))
        .unit(UnitSpec::enemy("Warden", (5, 0), "guard"))
        .unit(UnitSpec::enemy("Raider", (5, 1), "charger").reserve())
        .event(
            ScriptEvent::new(Trigger::Entered(vec![p(2, 0)]))
                .arrive("Raider")
                .wake("Warden")
                .say("Ambush!"),
        )
        .build()
        .unwrap();
    let (kiny, raider, warden) = (id(&b, "Kiny"), id(&b, "Raider"), id(&b, "Warden"));
    let before = b.snapshot();
    // Passing through (2, 0) on the way to (3, 0) is entering it.
    let events = walk(&mut b, "Kiny", "222");
    assert_eq!(
        events[1..],
        [
            Event::ScriptFired { index: 0 },
            Event::Said { text: "Ambush!".into() },
            Event::Arrived {
                unit: raider,
                at: p(5, 1)
            },
            Event::Woken { unit: warden },
        ]
    );
    assert!(b.unit(warden).triggered());
    let undone = b.execute(Command::Undo).unwrap();
    assert_eq!(undone.len(), 5);
    assert_eq!(b.snapshot(), before, "undo takes back the move with what it set off");
    assert_eq!(b.unit_at(p(5, 1)), None);
    // Entering again fires again (it never happened).
    assert_eq!(walk(&mut b, "Kiny", "22")[1], Event::ScriptFired { index: 0 });
    let _ = kiny;
}

#[test]
fn rout_waits_for_enemies_a_turn_event_will_still_bring() {
    let weak = Stats {
        hp: 1,
        ..UnitSpec::player("x", (0, 0)).stats
    };
    let mut b = board(&["......"])
        .unit(UnitSpec::player("Kiny", (0, 0)))
        .unit(UnitSpec::enemy("Brute", (1, 0), "guard").stats(weak))
        .unit(UnitSpec::enemy("Raider", (5, 0), "charger").reserve())
        .event(ScriptEvent::new(Trigger::Turn(3)).arrive("Raider"))
        .build()
        .unwrap();
    let (kiny, brute) = (id(&b, "Kiny"), id(&b, "Brute"));
    let events = b
        .execute(Command::Attack {
            unit: kiny,
            target: brute,
        })
        .unwrap();
    assert!(
        !events.iter().any(|e| matches!(e, Event::BattleEnded { .. })),
        "{events:?}"
    );
    assert!(b.coming(Team::Enemy));
}

#[test]
fn a_snapshot_with_a_reserve_and_a_fired_event_restores_exactly() {
    let mut b = board(&["......"])
        .unit(UnitSpec::player("Kiny", (0, 0)))
        .unit(UnitSpec::enemy("Brute", (5, 0), "guard"))
        .unit(UnitSpec::enemy("Raider", (4, 0), "charger").reserve())
        .unit(UnitSpec::enemy("Late", (3, 0), "charger").reserve())
        .event(ScriptEvent::new(Trigger::Turn(2)).arrive("Raider"))
        .event(ScriptEvent::new(Trigger::Turn(5)).arrive("Late"))
        .build()
        .unwrap();
    let fresh = b.clone();
    end_phase(&mut b);
    end_phase(&mut b);
    let snap = b.snapshot();
    assert_eq!(snap.fired, [true, false]);
    let mut other = fresh;
    other.execute(Command::Restore(Box::new(snap.clone()))).unwrap();
    assert_eq!(other.snapshot(), snap);
    assert_eq!(other.unit_at(Pos::new(4, 0)), b.unit_at(Pos::new(4, 0)));
    assert_eq!(other.unit_at(Pos::new(3, 0)), None);
}

#[test]
fn names_in_the_objective_must_be_units_of_the_right_side() {
    let err = board(&["...."])
        .unit(UnitSpec::player("Kiny", (0, 0)))
        .unit(UnitSpec::enemy("Brute", (3, 0), "guard"))
        .objective(Objective {
            win: Win::Boss("Kiny".into()),
            ..Objective::default()
        })
        .build()
        .unwrap_err();
    assert_eq!(err.to_string(), "boss \"Kiny\" is not on the enemy side");
    let err = board(&["...."])
        .unit(UnitSpec::player("Kiny", (0, 0)))
        .unit(UnitSpec::enemy("Brute", (3, 0), "guard"))
        .event(ScriptEvent::new(Trigger::Turn(2)).arrive("Brute"))
        .build()
        .unwrap_err();
    assert!(err.to_string().contains("not a reserve"), "{err}");
}

#[test]
fn the_phase_machine_ends_the_battle_when_the_turn_limit_ends_the_enemy_phase() {
    use skirmish_core::play::phase::{Intent, Phase, Session};
    let b = board(&["......"])
        .unit(UnitSpec::player("Kiny", (0, 0)))
        .unit(UnitSpec::enemy("Brute", (5, 0), "guard"))
        .objective(Objective {
            turn_limit: Some(1),
            ..Objective::default()
        })
        .build()
        .unwrap();
    let mut s = Session::new(b, Profiles::standard());
    s.perform(Command::EndPhase { team: Team::Player }).unwrap();
    while matches!(s.phase(), Phase::Enemy { .. }) {
        s.input(Intent::Advance);
    }
    assert_eq!(
        *s.phase(),
        Phase::Over { winner: Team::Enemy },
        "not a new player phase"
    );
    assert_eq!(s.battle().ended(), Some((Team::Enemy, Ending::TurnLimit(1))));
}
