//! "Did you mean ...?": the nearest known name to a misspelt one, by edit distance. Every
//! loader that refuses an unknown name (a profile, a kind, a class, a terrain, a unit, a key)
//! asks here, so the suggestions agree everywhere.

/// Edit distance between `a` and `b` (insertions, deletions, substitutions and swaps of two
/// neighbouring characters each count 1), counted in characters, case-insensitively.
///
/// ```
/// use skirmish_data::load::suggest::distance;
/// assert_eq!(distance("rnage", "range"), 1);
/// assert_eq!(distance("chargr", "charger"), 1);
/// assert_eq!(distance("Kiny", "kiny"), 0);
/// ```
pub fn distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().flat_map(char::to_lowercase).collect();
    let b: Vec<char> = b.chars().flat_map(char::to_lowercase).collect();
    // Three rows of the classic table: the one before the previous is for swaps.
    let mut before: Vec<usize> = vec![0; b.len() + 1];
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut row = vec![0; b.len() + 1];
    for i in 1..=a.len() {
        row[0] = i;
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut best = (prev[j] + 1).min(row[j - 1] + 1).min(prev[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                best = best.min(before[j - 2] + 1);
            }
            row[j] = best;
        }
        std::mem::swap(&mut before, &mut prev);
        std::mem::swap(&mut prev, &mut row);
    }
    prev[b.len()]
}

/// The known name nearest to `word`, when it is near enough to be a slip of the keyboard:
/// at most one edit per two characters of `word` (at least one). Ties go to the first in
/// `known`'s order; an exact match is no suggestion.
///
/// ```
/// use skirmish_data::load::suggest::closest;
/// assert_eq!(closest("hrose", ["foot", "horse", "flier"]), Some("horse"));
/// assert_eq!(closest("dragon", ["foot", "horse", "flier"]), None);
/// ```
pub fn closest<'a>(word: &str, known: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let allowed = (word.chars().count() / 2).max(1);
    known
        .into_iter()
        .filter(|k| *k != word)
        .map(|k| (distance(word, k), k))
        .filter(|(d, _)| *d <= allowed)
        .min_by_key(|(d, _)| *d)
        .map(|(_, k)| k)
}

/// `; did you mean "horse"?` (quoted as `quote` does), or nothing when no known name is near.
///
/// ```
/// use skirmish_data::load::suggest::did_you_mean;
/// assert_eq!(did_you_mean("chargr", ["charger", "guard"], |s| format!("{s:?}")), "; did you mean \"charger\"?");
/// assert_eq!(did_you_mean("zzz", ["charger"], |s| format!("{s:?}")), "");
/// ```
pub fn did_you_mean<'a>(
    word: &str,
    known: impl IntoIterator<Item = &'a str>,
    quote: impl Fn(&str) -> String,
) -> String {
    closest(word, known).map_or(String::new(), |k| format!("; did you mean {}?", quote(k)))
}

/// [`did_you_mean`] with the name in double quotes, as values are written in TOML.
pub fn did_you_mean_value<'a>(word: &str, known: impl IntoIterator<Item = &'a str>) -> String {
    did_you_mean(word, known, |s| format!("{s:?}"))
}

/// [`did_you_mean`] with the name in backquotes, as keys are shown.
pub fn did_you_mean_key<'a>(word: &str, known: impl IntoIterator<Item = &'a str>) -> String {
    did_you_mean(word, known, |s| format!("`{s}`"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances() {
        assert_eq!(distance("", "abc"), 3);
        assert_eq!(distance("moev", "move"), 1);
        assert_eq!(distance("sihgt", "sight"), 1);
        assert_eq!(distance("kitten", "sitting"), 3);
        assert_eq!(distance("été", "ete"), 2);
    }

    #[test]
    fn only_near_misses_are_suggested() {
        let keys = ["name", "team", "at", "move", "profile"];
        assert_eq!(closest("moev", keys), Some("move"));
        assert_eq!(closest("tema", keys), Some("team"));
        assert_eq!(closest("colour", keys), None);
        assert_eq!(closest("move", keys), None, "an exact match is no suggestion");
    }
}
