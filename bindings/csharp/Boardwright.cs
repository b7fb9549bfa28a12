// boardwright from C#: P/Invoke over the C library (libboardwright_ffi),
// for Unity and .NET. Results are JSON strings and byte arrays, for the
// JSON reader a project already uses; a refusal is an exception in the
// command line's words. docs/engines.md says how to add it to a project.

using System;
using System.Runtime.InteropServices;
using System.Text;

namespace Boardwright
{
    /// <summary>What a call of the C library came to.</summary>
    public enum Status
    {
        Ok = 0,
        NullArgument = 1,
        NotUtf8 = 2,
        UnknownGenerator = 3,
        BadParameter = 4,
        GenerationFailed = 5,
        Internal = 6,
        NotDrawn = 7,
        BadRoad = 8,
        BadPotion = 9,
        BadHandle = 10,
    }

    /// <summary>A refusal of the library: what was wrong and what is allowed.</summary>
    public class BoardwrightException : Exception
    {
        /// <summary>The C library's status.</summary>
        public Status Status { get; }

        public BoardwrightException(Status status, string message) : base(message)
        {
            Status = status;
        }
    }

    /// <summary>A parameter (or generator, preset, drawing option) that is unknown, out of range or malformed.</summary>
    public class ParameterException : BoardwrightException
    {
        /// <summary>The parameter at fault (<c>players</c>, <c>pipeline[0] (crew).bunks</c>, <c>paper</c>), or null.</summary>
        public string Parameter { get; }

        public ParameterException(Status status, string message, string parameter) : base(status, message)
        {
            Parameter = parameter;
        }
    }

    /// <summary>A road the hexet game refuses: the game is unchanged.</summary>
    public class RoadException : BoardwrightException
    {
        public RoadException(string message) : base(Status.BadRoad, message) { }
    }

    /// <summary>A potion the recipe refuses.</summary>
    public class PotionException : BoardwrightException
    {
        public PotionException(string message) : base(Status.BadPotion, message) { }
    }

    /// <summary>The toolkit's calls: list, schema, generate, draw, analyze, play.</summary>
    public static class Toolkit
    {
        /// <summary>The library's version (as <c>boardwright --version</c> gives it).</summary>
        public static string Version => Native.Text(Native.bw_version());

        /// <summary>Every generator with its parameters, presets, fairness targets, metrics and drawing options: JSON.</summary>
        public static string Generators()
        {
            return Native.TakeText(Native.bw_generators);
        }

        /// <summary>The JSON Schema called <paramref name="name"/> (<c>universe</c>, <c>hexet-road-log</c>, ...); null: the names of them all.</summary>
        public static string Schema(string name = null)
        {
            return Native.TakeText((out Native.Bytes o) => Native.bw_schema(Native.Utf8(name), out o));
        }

        /// <summary>
        /// The board of <paramref name="generator"/> (universe, witches, starship, hexet) from
        /// <paramref name="seed"/> and <paramref name="parameters"/> (a TOML table or a JSON object;
        /// null: the defaults) over <paramref name="preset"/>, with <paramref name="log"/> (hexet's
        /// road log, JSON) played on it: the JSON <c>boardwright GENERATOR ... -o board.json</c> writes.
        /// </summary>
        public static string Generate(string generator, string seed, string parameters = null, string preset = null, string log = null)
        {
            return Native.TakeText((out Native.Bytes o) => Native.bw_generate(
                Native.Required(generator, nameof(generator)), Native.Required(seed, nameof(seed)),
                Native.Utf8(parameters), Native.Utf8(preset), Native.Utf8(log), out o));
        }

        /// <summary>
        /// <paramref name="result"/> (a result's JSON) drawn as <paramref name="format"/> (svg, png,
        /// pdf or json) with the drawing options as a web address writes them
        /// (<c>paper=letter&amp;tile=2x2&amp;ink_friendly&amp;dpi=300</c>; null: A4, one sheet, 150 dpi):
        /// the bytes <c>boardwright ... -o board.FORMAT</c> writes.
        /// </summary>
        public static byte[] Draw(string result, string format, string drawing = null)
        {
            return Native.Take((out Native.Bytes o) => Native.bw_draw(
                Native.Required(result, nameof(result)), Native.Required(format, nameof(format)), Native.Utf8(drawing), out o));
        }

        /// <summary>The metrics of the boards <c>BASE-start</c> ... of <paramref name="generator"/>, one record a board: JSON.</summary>
        public static string Analyze(string generator, string parameters = null, string preset = null, string seedBase = "analyze", ulong start = 1, ulong count = 100)
        {
            return Native.TakeText((out Native.Bytes o) => Native.bw_analyze(
                Native.Required(generator, nameof(generator)), Native.Utf8(parameters), Native.Utf8(preset),
                Native.Utf8(seedBase), start, count, out o));
        }

        /// <summary>
        /// Bots play <paramref name="result"/> (a universe board's JSON) <paramref name="games"/> times:
        /// <paramref name="bots"/> one bot for every seat or one a seat, comma-separated (null: the
        /// reference bot); <paramref name="rules"/> a TOML table or JSON object (null: the built-in
        /// rules). The JSON <c>boardwright play universe</c> writes.
        /// </summary>
        public static string Play(string result, uint games = 1000, string bots = null, string rules = null)
        {
            return Native.TakeText((out Native.Bytes o) => Native.bw_play(
                Native.Required(result, nameof(result)), games, Native.Utf8(bots), Native.Utf8(rules), out o));
        }
    }

    /// <summary>A hexet game: a map, and roads placed and taken away on it one at a time. Calls from several threads take turns.</summary>
    public sealed class Game : IDisposable
    {
        private readonly GameHandle handle;

        /// <summary>The game on the map of <paramref name="seed"/> and <paramref name="parameters"/> over <paramref name="preset"/>.</summary>
        public Game(string seed, string parameters = null, string preset = null)
        {
            Native.Check(Native.bw_game_new(Native.Required(seed, nameof(seed)), Native.Utf8(parameters), Native.Utf8(preset), out handle));
        }

        /// <summary>
        /// Plays one road log entry (JSON: <c>{"player":0,"from":[0,1],"to":[1,1]}</c>, <c>"action":"remove"</c>
        /// to take one away): what it did to the player's networks (created, extended, merged,
        /// unchanged, trimmed, split, removed). A refused road throws <see cref="RoadException"/>.
        /// </summary>
        public string Apply(string road)
        {
            byte[] text = Native.Required(road, nameof(road));
            return Native.TakeText((out Native.Bytes o) => Native.bw_game_apply(handle, text, out o));
        }

        /// <summary>Every player's networks: JSON.</summary>
        public string Networks() { return Native.TakeText((out Native.Bytes o) => Native.bw_game_networks(handle, out o)); }

        /// <summary>Every player's score: JSON.</summary>
        public string Scores() { return Native.TakeText((out Native.Bytes o) => Native.bw_game_scores(handle, out o)); }

        /// <summary>The map with its roads, networks and scores: the JSON <c>--roads</c> writes (for <see cref="Toolkit.Draw"/>).</summary>
        public string Result() { return Native.TakeText((out Native.Bytes o) => Native.bw_game_result(handle, out o)); }

        /// <summary>The roads played so far: a road log (JSON) that <c>--roads</c> reads back.</summary>
        public string Log() { return Native.TakeText((out Native.Bytes o) => Native.bw_game_log(handle, out o)); }

        public void Dispose() { handle.Dispose(); }
    }

    /// <summary>A Wondering Witches night: the secret recipe of a board, its clue, and potions brewed on it. Calls from several threads take turns.</summary>
    public sealed class Recipe : IDisposable
    {
        private readonly RecipeHandle handle;

        /// <summary>The recipe of the witches board of <paramref name="seed"/> and <paramref name="parameters"/> over <paramref name="preset"/>.</summary>
        public Recipe(string seed, string parameters = null, string preset = null)
        {
            Native.Check(Native.bw_recipe_new(Native.Required(seed, nameof(seed)), Native.Utf8(parameters), Native.Utf8(preset), out handle));
        }

        /// <summary>The free clue and what a player needs to brew: JSON.</summary>
        public string Clue() { return Native.TakeText((out Native.Bytes o) => Native.bw_recipe_clue(handle, out o)); }

        /// <summary>
        /// Brews a potion written as <c>--potion</c> reads it (<c>Sage:2,Mint:1,Chives</c>) or as JSON (<c>[["Sage",2]]</c>): the cauldron's
        /// answer, JSON. A refused potion throws <see cref="PotionException"/>.
        /// </summary>
        public string Brew(string potion)
        {
            byte[] text = Native.Required(potion, nameof(potion));
            return Native.TakeText((out Native.Bytes o) => Native.bw_recipe_brew(handle, text, out o));
        }

        /// <summary>The whole recipe, as <c>--reveal</c> prints it: JSON.</summary>
        public string Reveal() { return Native.TakeText((out Native.Bytes o) => Native.bw_recipe_reveal(handle, out o)); }

        public void Dispose() { handle.Dispose(); }
    }

    /// <summary>A game handle of the C library, freed once by <c>bw_game_free</c>.</summary>
    internal sealed class GameHandle : SafeHandle
    {
        public GameHandle() : base(IntPtr.Zero, true) { }
        public override bool IsInvalid => handle == IntPtr.Zero;
        protected override bool ReleaseHandle() { return Native.bw_game_free(handle) == Status.Ok; }
    }

    /// <summary>A recipe handle of the C library, freed once by <c>bw_recipe_free</c>.</summary>
    internal sealed class RecipeHandle : SafeHandle
    {
        public RecipeHandle() : base(IntPtr.Zero, true) { }
        public override bool IsInvalid => handle == IntPtr.Zero;
        protected override bool ReleaseHandle() { return Native.bw_recipe_free(handle) == Status.Ok; }
    }

    /// <summary>The C functions, and the reading of what they give.</summary>
    internal static class Native
    {
#if (UNITY_IOS || UNITY_WEBGL) && !UNITY_EDITOR
        // Linked into the player statically on these platforms.
        private const string Library = "__Internal";
#else
        private const string Library = "boardwright_ffi";
#endif

        [StructLayout(LayoutKind.Sequential)]
        internal struct Bytes
        {
            public IntPtr Ptr;
            public UIntPtr Len;
        }

        // Text goes in as NUL-terminated UTF-8 byte arrays (null: a null pointer).
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)] internal static extern IntPtr bw_version();
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)] internal static extern IntPtr bw_last_error();
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)] internal static extern IntPtr bw_last_error_parameter();
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)] internal static extern void bw_bytes_free(Bytes bytes);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)] internal static extern Status bw_generators(out Bytes bytes);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)] internal static extern Status bw_schema(byte[] name, out Bytes bytes);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)] internal static extern Status bw_generate(byte[] generator, byte[] seed, byte[] parameters, byte[] preset, byte[] log, out Bytes bytes);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)] internal static extern Status bw_draw(byte[] result, byte[] format, byte[] drawing, out Bytes bytes);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)] internal static extern Status bw_analyze(byte[] generator, byte[] parameters, byte[] preset, byte[] seedBase, ulong start, ulong count, out Bytes bytes);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)] internal static extern Status bw_play(byte[] result, uint games, byte[] bots, byte[] rules, out Bytes bytes);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)] internal static extern Status bw_game_new(byte[] seed, byte[] parameters, byte[] preset, out GameHandle game);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)] internal static extern Status bw_game_apply(GameHandle game, byte[] road, out Bytes bytes);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)] internal static extern Status bw_game_networks(GameHandle game, out Bytes bytes);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)] internal static extern Status bw_game_scores(GameHandle game, out Bytes bytes);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)] internal static extern Status bw_game_result(GameHandle game, out Bytes bytes);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)] internal static extern Status bw_game_log(GameHandle game, out Bytes bytes);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)] internal static extern Status bw_game_free(IntPtr game);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)] internal static extern Status bw_recipe_new(byte[] seed, byte[] parameters, byte[] preset, out RecipeHandle recipe);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)] internal static extern Status bw_recipe_clue(RecipeHandle recipe, out Bytes bytes);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)] internal static extern Status bw_recipe_brew(RecipeHandle recipe, byte[] potion, out Bytes bytes);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)] internal static extern Status bw_recipe_reveal(RecipeHandle recipe, out Bytes bytes);
        [DllImport(Library, CallingConvention = CallingConvention.Cdecl)] internal static extern Status bw_recipe_free(IntPtr recipe);

        internal delegate Status Giving(out Bytes bytes);

        /// <summary><paramref name="text"/> as NUL-terminated UTF-8, or null.</summary>
        internal static byte[] Utf8(string text)
        {
            if (text == null) return null;
            if (text.IndexOf('\0') >= 0) throw new ArgumentException("text holds a NUL character, which C text cannot hold");
            byte[] bytes = new byte[Encoding.UTF8.GetByteCount(text) + 1];
            Encoding.UTF8.GetBytes(text, 0, text.Length, bytes, 0);
            return bytes;
        }

        /// <summary>As <see cref="Utf8"/>, refusing null.</summary>
        internal static byte[] Required(string text, string name)
        {
            if (text == null) throw new ArgumentNullException(name);
            return Utf8(text);
        }

        /// <summary>The NUL-terminated UTF-8 text at <paramref name="ptr"/> (null for a null pointer).</summary>
        internal static string Text(IntPtr ptr)
        {
            if (ptr == IntPtr.Zero) return null;
            int len = 0;
            while (Marshal.ReadByte(ptr, len) != 0) len++;
            byte[] bytes = new byte[len];
            Marshal.Copy(ptr, bytes, 0, len);
            return Encoding.UTF8.GetString(bytes);
        }

        /// <summary>Throws the exception a status other than ok stands for, in the thread's last error's words.</summary>
        internal static void Check(Status status)
        {
            if (status == Status.Ok) return;
            string message = Text(bw_last_error());
            string parameter = Text(bw_last_error_parameter());
            switch (status)
            {
                case Status.BadParameter:
                case Status.UnknownGenerator:
                    throw new ParameterException(status, message, parameter);
                case Status.BadRoad:
                    throw new RoadException(message);
                case Status.BadPotion:
                    throw new PotionException(message);
                default:
                    throw new BoardwrightException(status, message);
            }
        }

        /// <summary>The bytes <paramref name="call"/> gives, copied and freed through the library.</summary>
        internal static byte[] Take(Giving call)
        {
            Bytes bytes;
            Status status = call(out bytes);
            try
            {
                Check(status);
                byte[] copy = new byte[(long)bytes.Len.ToUInt64()];
                if (copy.Length > 0) Marshal.Copy(bytes.Ptr, copy, 0, copy.Length);
                return copy;
            }
            finally
            {
                bw_bytes_free(bytes);
            }
        }

        /// <summary>The text <paramref name="call"/> gives.</summary>
        internal static string TakeText(Giving call)
        {
            return Encoding.UTF8.GetString(Take(call));
        }
    }
}
