// The C# bindings against the command line: every generator's JSON at its
// defaults, with parameters and with its presets, and its SVG and PDF, are
// the bytes `boardwright ... -o` writes; a game played road by road ends as
// `--roads` replays its log; a potion is answered as `--potion` answers it;
// bad input throws the exceptions the Python package raises, in the command
// line's words; eight threads make the bytes one makes. Run by .ci/csharp
// with BOARDWRIGHT_BIN naming the command line; exits 1 on a failure.

using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Text;
using System.Threading;
using Boardwright;

static class Tests
{
    static string bin = Environment.GetEnvironmentVariable("BOARDWRIGHT_BIN");
    static string scratch = Path.Combine(Path.GetTempPath(), "boardwright-csharp-" + Process.GetCurrentProcess().Id);

    static void Check(bool holds, string what)
    {
        if (!holds) throw new Exception(what);
    }

    /// The bytes `boardwright ARGS -o FILE` writes (the stdout, when no file).
    static byte[] Cli(string file, params string[] args)
    {
        var start = new ProcessStartInfo(bin) { UseShellExecute = false, RedirectStandardOutput = true, RedirectStandardError = true };
        var all = args.ToList();
        if (file != null) { all.Add("-o"); all.Add(Path.Combine(scratch, file)); }
        start.Arguments = string.Join(" ", all.Select(a => "\"" + a.Replace("\"", "\\\"") + "\""));
        using (var p = Process.Start(start))
        {
            var output = new MemoryStream();
            p.StandardOutput.BaseStream.CopyTo(output);
            string errors = p.StandardError.ReadToEnd();
            p.WaitForExit();
            Check(p.ExitCode == 0, "boardwright " + start.Arguments + ": " + errors);
            return file == null ? output.ToArray() : File.ReadAllBytes(Path.Combine(scratch, file));
        }
    }

    static byte[] Utf8(string text) { return Encoding.UTF8.GetBytes(text); }

    /// JSON with its white space outside strings taken away.
    static string Compact(string json)
    {
        var kept = new StringBuilder();
        bool inString = false;
        for (int i = 0; i < json.Length; i++)
        {
            char c = json[i];
            if (inString && c == '\\') { kept.Append(c).Append(json[++i]); continue; }
            if (c == '"') inString = !inString;
            if (inString || !char.IsWhiteSpace(c)) kept.Append(c);
        }
        return kept.ToString();
    }

    static void BoardsAreTheCommandLines()
    {
        var cases = new[] {
            new[] { "universe", "", null }, new[] { "universe", "players = 3", "classic" }, new[] { "universe", "", "nasty_nodes" },
            new[] { "witches", "", null }, new[] { "witches", "", "hardest" }, new[] { "witches", "players = 2", "second-edition" },
            new[] { "starship", "", null }, new[] { "starship", "width = 30\nheight = 34", null },
            new[] { "hexet", "", null }, new[] { "hexet", "", "sectors" }, new[] { "hexet", "width = 20\nheight = 16\nplayers = 3", null },
        };
        int i = 0;
        foreach (var c in cases)
        {
            string config = Path.Combine(scratch, i + ".toml");
            File.WriteAllText(config, c[1]);
            var args = new List<string> { c[0], "--seed", "Tiamo", "--config", config };
            if (c[2] != null) { args.Add("--preset"); args.Add(c[2]); }
            byte[] written = Cli(i + ".json", args.ToArray());
            string json = Toolkit.Generate(c[0], "Tiamo", c[1], c[2]);
            Check(Utf8(json).SequenceEqual(written), c[0] + " " + c[1] + " " + c[2] + ": the JSON differs");
            i++;
        }
    }

    static void DrawingsAreTheCommandLines()
    {
        foreach (string generator in new[] { "universe", "witches", "starship", "hexet" })
        {
            string json = Toolkit.Generate(generator, "Tiamo");
            byte[] svg = Cli(generator + ".svg", generator, "--seed", "Tiamo", "--paper", "letter", "--ink-friendly");
            Check(Toolkit.Draw(json, "svg", "paper=letter&ink_friendly").SequenceEqual(svg), generator + ": the SVG differs");
            byte[] pdf = Cli(generator + ".pdf", generator, "--seed", "Tiamo", "--paper", "a5");
            Check(Toolkit.Draw(json, "pdf", "paper=a5").SequenceEqual(pdf), generator + ": the PDF differs");
        }
        // The call docs/engines.md gives for a Unity texture.
        string hexet = Toolkit.Generate("hexet", "Tiamo", null, "sectors");
        byte[] png = Cli("hexet.png", "hexet", "--seed", "Tiamo", "--preset", "sectors", "--paper", "a5", "--dpi", "100");
        Check(Toolkit.Draw(hexet, "png", "paper=a5&dpi=100").SequenceEqual(png), "hexet sectors: the PNG differs");
    }

    static void AGameEndsAsItsLogReplays()
    {
        using (var game = new Game("Tiamo", "players = 3"))
        {
            string result = game.Result();
            int at = result.IndexOf("\"tower\":[") + 9;
            string[] cell = result.Substring(at, result.IndexOf(']', at) - at).Split(',');
            int q = int.Parse(cell[0]), r = int.Parse(cell[1]);
            Func<int, string, string, string> Road = (player, type, action) =>
                "{\"player\":" + player + ",\"from\":[" + q + "," + r + "],\"to\":[" + q + "," + (r + 1) + "],\"type\":\"" + type + "\",\"action\":\"" + action + "\"}";
            string kind = "normal";
            try { game.Apply(Road(0, kind, "add")); }
            catch (RoadException) { kind = "bridge"; game.Apply(Road(0, kind, "add")); }
            Check(game.Apply(Road(1, kind, "add")) == "created", "a second player's road");
            Check(game.Apply(Road(1, kind, "remove")) == "removed", "a road taken away");
            string log = Path.Combine(scratch, "roads.json");
            File.WriteAllText(log, game.Log());
            string config = Path.Combine(scratch, "players.toml");
            File.WriteAllText(config, "players = 3");
            byte[] written = Cli("roads-map.json", "hexet", "--seed", "Tiamo", "--config", config, "--roads", log);
            Check(Utf8(game.Result()).SequenceEqual(written), "the game's result differs from --roads");
            Check(Utf8(Toolkit.Generate("hexet", "Tiamo", "players = 3", null, game.Log())).SequenceEqual(written), "a logged board differs");
            Check(game.Scores().StartsWith("[{\"player\":0"), "scores");
            Check(game.Networks().StartsWith("["), "networks");
            string before = game.Result();
            Throws<RoadException>(() => game.Apply("{\"player\":0,\"from\":[900,900],\"to\":[900,901]}"), "road");
            Check(game.Result() == before, "a refused road changed the game");
        }
    }

    static void APotionIsAnsweredAsTheCommandLineAnswers()
    {
        using (var recipe = new Recipe("Tiamo"))
        {
            string clue = recipe.Clue();
            int at = clue.IndexOf("\"ingredients\":[\"") + 16;
            string first = clue.Substring(at, clue.IndexOf('"', at) - at);
            string potion = first + ":2";
            string cli = Encoding.UTF8.GetString(Cli(null, "witches", "--seed", "Tiamo", "--potion", potion));
            Check(Compact(recipe.Brew(potion)) == Compact(cli), "the answer differs from --potion");
            string reveal = Encoding.UTF8.GetString(Cli(null, "witches", "--seed", "Tiamo", "--reveal"));
            Check(Compact(recipe.Reveal()) == Compact(reveal), "the recipe differs from --reveal");
            Throws<PotionException>(() => recipe.Brew("Unicorn:1"), "Unicorn");
        }
    }

    static void Throws<E>(Action call, string words) where E : Exception
    {
        try { call(); }
        catch (E e) { Check(e.Message.Contains(words), e.Message + " does not say " + words); return; }
        throw new Exception("no " + typeof(E).Name + " (" + words + ")");
    }

    static void BadInputThrowsInWords()
    {
        try { Toolkit.Generate("universe", "s", "players = 50"); throw new Exception("50 players made a board"); }
        catch (ParameterException e)
        {
            Check(e.Parameter == "players" && e.Status == Status.BadParameter, "parameter " + e.Parameter);
            Check(e.Message.Contains("50 is not allowed"), e.Message);
        }
        try { Toolkit.Generate("starship", "s", "[[pipeline]]\nstage = \"crew\"\nbunks = 99"); throw new Exception("99 bunks made a ship"); }
        catch (ParameterException e) { Check(e.Parameter == "pipeline[0] (crew).bunks", "parameter " + e.Parameter); }
        Throws<ParameterException>(() => Toolkit.Generate("tiles", "s"), "universe, witches, starship, hexet");
        Throws<ParameterException>(() => Toolkit.Generate("witches", "s", null, "easiest"), "hardest");
        Throws<ParameterException>(() => Toolkit.Draw(Toolkit.Generate("hexet", "s"), "gif"), "svg, png, pdf or json");
        Throws<BoardwrightException>(() => Toolkit.Draw(Toolkit.Generate("universe", "Tiamo", "resolution = 30"), "svg", "paper=a5"), "tile");
        Throws<ArgumentNullException>(() => Toolkit.Generate(null, "s"), "generator");
        Throws<ParameterException>(() => Toolkit.Schema("chess"), "chess");
        Check(Toolkit.Schema().Contains("hexet-road-log"), "schema names");
        Check(Toolkit.Generators().Contains("\"name\":\"hexet\""), "generators");
        Check(Toolkit.Analyze("starship", null, null, "cs", 1, 2).Contains("\"seed\":\"cs-2\""), "analyze");
        Check(Toolkit.Play(Toolkit.Generate("universe", "Tiamo"), 10).Contains("\"games\":10"), "play");
        Throws<ParameterException>(() => Toolkit.Play(Toolkit.Generate("universe", "Tiamo"), 10, "genius"), "genius");
        var game = new Game("s");
        game.Dispose();
        game.Dispose();
        Throws<ObjectDisposedException>(() => game.Scores(), "");
    }

    static void EightThreadsMakeTheBytesOneMakes()
    {
        string one = Toolkit.Generate("universe", "threads", "players = 5");
        byte[] drawn = Toolkit.Draw(one, "svg");
        var same = new bool[8];
        var threads = Enumerable.Range(0, 8).Select(i => new Thread(() =>
        {
            string json = Toolkit.Generate("universe", "threads", "players = 5");
            same[i] = json == one && Toolkit.Draw(json, "svg").SequenceEqual(drawn);
        })).ToList();
        threads.ForEach(t => t.Start());
        threads.ForEach(t => t.Join());
        Check(same.All(s => s), "a thread's bytes differ");
    }

    static int Main()
    {
        Check(bin != null, "BOARDWRIGHT_BIN names no command line");
        Directory.CreateDirectory(scratch);
        var tests = new Dictionary<string, Action> {
            { "boards are the command line's", BoardsAreTheCommandLines },
            { "drawings are the command line's", DrawingsAreTheCommandLines },
            { "a game ends as its log replays", AGameEndsAsItsLogReplays },
            { "a potion is answered as the command line answers", APotionIsAnsweredAsTheCommandLineAnswers },
            { "bad input throws in words", BadInputThrowsInWords },
            { "eight threads make the bytes one makes", EightThreadsMakeTheBytesOneMakes },
        };
        int failed = 0;
        foreach (var test in tests)
        {
            try { test.Value(); Console.WriteLine("ok     " + test.Key); }
            catch (Exception e) { failed++; Console.WriteLine("FAILED " + test.Key + ": " + e); }
        }
        Directory.Delete(scratch, true);
        Console.WriteLine(failed == 0 ? "boardwright " + Toolkit.Version + " from C#: " + tests.Count + " passed" : failed + " failed");
        return failed == 0 ? 0 : 1;
    }
}
