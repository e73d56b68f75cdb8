//! A battle whose enemy side is played by a person (issue 40): its commands are recorded with
//! the player's in one stream (`"versus": true` in the replay), replayed without the AI, and
//! undone within their own phase; replays of battles against the AI read and play as before.

mod common;

use common::{Tree, write_versus_replay};
use skirmish::io::replay;
use skirmish::rules::{Battle, Command};
use skirmish::search::grid::Team;

/// The story lines of `replay`'s text without its first line (which counts the commands) and
/// without guards waking (a person's side has no AI to wake them).
fn story(text: &str) -> Vec<&str> {
    text.lines().skip(1).filter(|l| !l.contains("wakes")).collect()
}

#[test]
fn a_versus_replay_holds_the_enemy_commands_and_replays_them_without_the_ai() {
    let tree = Tree::new("versus-replay");
    let enemy = write_versus_replay(&tree, "maps/sample.toml", "versus.replay");
    let text = std::fs::read_to_string(tree.0.join("versus.replay")).unwrap();
    assert!(text.contains("\"versus\": true"), "{text}");
    assert!(enemy > 10, "the enemy side's commands are in the stream: {enemy}");
    // The same battle against the AI, recorded the old way: the same story, told from the
    // recorded enemy commands instead of the AI's decisions.
    let (code, _, err) = tree.run(&["simulate", "maps/sample.toml", "--record", "ai.replay"]);
    assert_eq!(code, 0, "{err}");
    let (c1, versus, e1) = tree.run(&["replay", "versus.replay"]);
    let (c2, against_ai, e2) = tree.run(&["replay", "ai.replay"]);
    assert_eq!((c1, c2), (0, 0), "{e1}{e2}");
    assert_eq!(story(&versus), story(&against_ai));
    assert!(
        versus
            .lines()
            .next()
            .unwrap()
            .contains("the enemy side played by a person"),
        "{versus}"
    );
    let (_, json, _) = tree.run(&["replay", "versus.replay", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(v["versus"], true);
    let (_, json, _) = tree.run(&["replay", "ai.replay", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert!(v.get("versus").is_none(), "{json}");
}

#[test]
fn a_replay_against_the_ai_has_no_versus_key_and_its_enemy_phases_are_recomputed() {
    let tree = Tree::new("versus-old");
    let (code, _, err) = tree.run(&["simulate", "maps/sample.toml", "--record", "ai.replay"]);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(tree.0.join("ai.replay")).unwrap();
    assert!(!text.contains("\"versus\":"), "{text}");
    let r = replay::read(&tree.0.join("ai.replay")).unwrap();
    assert!(!r.versus);
    // Marked versus, the same commands lack the enemy's: its phases are not the AI's any
    // more, so the player's second command comes in the enemy's phase and is refused.
    let mut marked = r.clone();
    marked.versus = true;
    replay::write(&tree.0.join("marked.replay"), &marked).unwrap();
    let (code, _, err) = tree.run(&["replay", "marked.replay"]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("marked.replay:"), "{err}");
}

#[test]
fn undo_takes_back_the_enemy_side_own_action_only_in_its_phase() {
    let tree = Tree::new("versus-undo");
    let data = skirmish::load::data::load(&tree.0.join("data")).unwrap();
    let s = skirmish::load::scenario::load(&tree.0.join("maps/sample.toml"), &data).unwrap();
    let mut b = Battle::new(&s, &data).with_versus(true);
    let kiny = b.find("Kiny").unwrap();
    let brute = b.find("Brute").unwrap();
    b.execute(Command::Wait { unit: kiny }).unwrap();
    b.execute(Command::EndPhase { team: Team::Player }).unwrap();
    // The enemy's phase: the player's wait is behind the end of its phase, out of reach.
    assert!(!b.can_undo());
    assert_eq!(b.execute(Command::Undo), Err(skirmish::rules::RuleError::NothingToUndo));
    let at = b.unit(brute).pos();
    b.execute(Command::Wait { unit: brute }).unwrap();
    assert!(b.can_undo());
    b.execute(Command::Undo).unwrap();
    assert_eq!(b.unit(brute).pos(), at);
    assert!(!b.unit(brute).acted());
    assert_eq!(b.record().len(), 2);
    b.execute(Command::Wait { unit: brute }).unwrap();
    b.execute(Command::EndPhase { team: Team::Enemy }).unwrap();
    assert_eq!(b.record().len(), 4);
    assert!(!b.can_undo(), "the enemy's wait is behind the end of its phase");
}

#[test]
fn a_hot_seat_save_in_red_phase_resumes_as_hot_seat_with_red_to_play() {
    use skirmish::play::phase::{Phase, Session};
    let tree = Tree::new("versus-save");
    let data = skirmish::load::data::load(&tree.0.join("data")).unwrap();
    let s = skirmish::load::scenario::load(&tree.0.join("maps/sample.toml"), &data).unwrap();
    let mut b = Battle::new(&s, &data).with_versus(true);
    let brute = b.find("Brute").unwrap();
    b.execute(Command::EndPhase { team: Team::Player }).unwrap();
    b.execute(Command::Wait { unit: brute }).unwrap();
    let path = tree.0.join("hot.save");
    skirmish::io::save::write(&path, &skirmish::io::save::snapshot(&b, &s, 0)).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(
        text.contains("\"versus\": true") && text.contains("\"phase\": \"enemy\""),
        "{text}"
    );
    // Resumed on a battle opened without --versus (the Load screen, --resume): hot-seat again,
    // Red to play with the Brute done, no AI phase.
    let save = skirmish::io::save::read(&path).unwrap();
    let mut resumed = Battle::new(&s, &data);
    skirmish::io::save::restore(&save, &s, &mut resumed, &path).unwrap();
    assert!(resumed.versus());
    assert!(resumed.unit(brute).acted());
    let session = Session::new(resumed, data.profiles.clone());
    assert_eq!((session.side(), session.phase()), (Team::Enemy, &Phase::Select));
    // A battle against the AI saves as before: no key.
    let plain = Battle::new(&s, &data);
    let path = tree.0.join("plain.save");
    skirmish::io::save::write(&path, &skirmish::io::save::snapshot(&plain, &s, 0)).unwrap();
    assert!(!std::fs::read_to_string(&path).unwrap().contains("\"versus\":"));
}

#[test]
fn a_versus_replay_opens_at_a_later_turn_in_the_window() {
    // `play --replay FILE --turn T` plays the turns before T at once: each end_phase of a
    // versus replay ends the phase of the side whose phase it is.
    let tree = Tree::new("versus-turn");
    write_versus_replay(&tree, "maps/sample.toml", "versus.replay");
    let file = tree.0.join("versus.replay");
    let r = replay::read(&file).unwrap();
    let data = skirmish::load::data::load(&tree.0.join("data")).unwrap();
    let s = skirmish::load::scenario::load(&tree.0.join("maps/sample.toml"), &data).unwrap();
    let battle = r.battle(&s, &data).unwrap();
    assert!(battle.versus());
    let commands = r.commands(&file, &s, &data, &battle).unwrap();
    let k = skirmish::cli::fast_forward(&file, battle.clone(), &data, &commands, 3).unwrap();
    let mut b = battle;
    skirmish::play::replay::run(
        &mut b,
        &mut skirmish::ai::Ai::new(data.profiles.clone()),
        &commands[..k],
    )
    .unwrap();
    assert_eq!((b.turn(), b.active()), (3, Team::Player));
}

#[test]
fn versus_is_refused_where_it_does_not_apply() {
    let tree = Tree::new("versus-flags");
    for (args, says) in [
        (&["title", "--versus"][..], "on the title screen choose Versus"),
        (
            &["campaign", "maps/campaign.toml", "--versus"][..],
            "a campaign's chapters are played against the AI",
        ),
    ] {
        let (code, out, err) = tree.run(args);
        assert_eq!((code, out.as_str()), (1, ""), "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}
