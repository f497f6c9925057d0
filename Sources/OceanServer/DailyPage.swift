/// The day's page, `GET /daily/{date}`: the leaderboard and the shared sea's phase,
/// server-rendered HTML with no script, laid out for a phone's width first.
enum DailyPage {
    /// `replaysOpenAt`: while the day is open, when its replays open (the names are
    /// then not links); nil once it closed.
    static func html(date: String, board: [BoardRow], apart: [BoardRow] = [], sea: SharedSea, replaysOpenAt: String?) -> String {
        let percent = Double(sea.health) / 100
        func name(_ r: BoardRow) -> String {
            replaysOpenAt == nil ? "<a href=\"/v1/runs/\(r.id)/replay\">\(escape(r.name))</a>" : escape(r.name)
        }
        let rows = board.isEmpty
            ? "<tr><td colspan=\"5\" class=\"empty\">No verified runs yet today.</td></tr>"
            : board.map { r in
                "<tr><td>\(r.rank)</td><td class=\"name\">\(name(r))</td>"
                    + "<td>\(r.score)</td><td>\(r.catches)</td><td>\(r.bestCombo)</td></tr>"
            }.joined(separator: "\n")
        let apartSection = apart.isEmpty ? "" : """
            <h2>Ranked apart</h2>
            <table id="apart">
            <thead><tr><th>#</th><th class="name">Player</th><th>Score</th><th class="name">Why</th></tr></thead>
            <tbody>
            \(apart.map { r in
                "<tr><td>\(r.rank)</td><td class=\"name\">\(name(r))</td><td>\(r.score)</td><td class=\"name\">\(escape(r.apart ?? ""))</td></tr>"
            }.joined(separator: "\n"))
            </tbody>
            </table>
            """
        let replays = replaysOpenAt.map { "The day's replays open when it closes, at \(escape($0)) (UTC)." }
            ?? "Each name opens that run's replay."
        return """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>The Daily Ocean of \(escape(date))</title>
        <style>
        body { font-family: system-ui, sans-serif; margin: 0; padding: 1rem; background: #eef6f8; color: #123; }
        main { max-width: 40rem; margin: 0 auto; }
        h1 { font-size: 1.5rem; margin: 0 0 .5rem; }
        h2 { font-size: 1.1rem; margin: 1rem 0 .5rem; }
        .date { white-space: nowrap; }
        .sea { background: #fff; border-radius: .5rem; padding: .75rem 1rem; margin-bottom: 1rem; }
        .bar { height: 1rem; background: #cdd; border-radius: .5rem; overflow: hidden; }
        .bar span { display: block; height: 100%; background: linear-gradient(90deg, #2a9d8f, #48cae4); }
        table { width: 100%; border-collapse: collapse; background: #fff; border-radius: .5rem; overflow: hidden; }
        th, td { padding: .5rem; text-align: right; border-bottom: 1px solid #dde; font-variant-numeric: tabular-nums; }
        th.name, td.name { text-align: left; }
        td.name { overflow-wrap: anywhere; }  /* a long name breaks where it must; a heading never */
        td.empty { text-align: center; color: #567; }
        footer { margin-top: 1rem; font-size: .85rem; color: #567; }
        </style>
        </head>
        <body>
        <main>
        <h1>The Daily Ocean of <span class="date">\(escape(date))</span></h1>
        <section class="sea" id="sea">
        <p>The shared sea: <strong id="phase">\(escape(sea.phaseName))</strong>, \(formatPercent(percent)) healthy,
        healed by \(sea.catches) catches in \(sea.runs) verified \(sea.runs == 1 ? "run" : "runs").</p>
        <div class="bar"><span style="width: \(formatPercent(percent).filter { $0 != " " })"></span></div>
        </section>
        <table id="leaderboard">
        <thead><tr><th>#</th><th class="name">Player</th><th>Score</th><th>Catches</th><th>Best combo</th></tr></thead>
        <tbody>
        \(rows)
        </tbody>
        </table>
        \(apartSection)
        <footer>Every score here is the server's own re-play of the player's replay; the first finished run of the day is ranked.
        Runs a program recorded, or played faster than a person reacts, are ranked apart. \(replays)</footer>
        </main>
        </body>
        </html>

        """
    }

    static func formatPercent(_ p: Double) -> String {
        let tenths = Int((p * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) %"
    }

    /// Text inside HTML: the five characters that could start markup or end an attribute.
    static func escape(_ s: String) -> String {
        var out = ""
        for c in s {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.append(c)
            }
        }
        return out
    }
}
