import OceanKernel

/// What a challenge says to the player: its template's text with `{target}` filled
/// in; without a text (a replay's table, a template since removed), its key and target.
public enum ChallengeWording {
    public static func text(_ c: Challenge, rules: Rules, texts: [String: String]) -> String {
        guard c.exists else { return "no challenge" }
        let key = templateKey(c, rules: rules)
        return fill(key.flatMap { texts[$0] }, key: key ?? c.metric.key, target: c.target)
    }

    /// The key of the template a challenge was drawn from, while the table still has
    /// it counting the same thing (a saved career may meet an edited table).
    public static func templateKey(_ c: Challenge, rules: Rules) -> String? {
        guard c.template >= 0, c.template < rules.challenges.count else { return nil }
        let t = rules.challenges[c.template]
        return t.period == c.period && t.metric == c.metric ? t.key : nil
    }

    /// A milestone's text (`index` into `Rules.challenges`).
    public static func milestone(_ index: Int, rules: Rules, texts: [String: String]) -> String {
        let t = rules.challenges[index]
        return fill(texts[t.key], key: t.key, target: t.targetAtLevel1)
    }

    /// `{target}` becomes the target, `{s}` an "s" unless the target is 1 ("Log 1 scan").
    static func fill(_ text: String?, key: String, target: Int) -> String {
        guard let text else { return "\(key): \(target)" }
        return text.replacing("{target}", with: ImpactUnits.grouped(target)).replacing("{s}", with: target == 1 ? "" : "s")
    }
}
