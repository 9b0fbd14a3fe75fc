package main

import (
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"

	"github.com/urfave/cli/v2"

	"papergames/games/catalog"
	"papergames/layout"
)

func completionCommand() *cli.Command {
	return &cli.Command{
		Name:      "completion",
		Usage:     "print a shell completion script (bash or zsh) for this program under the name it was run by (and papergames): source <(papergames completion bash)",
		ArgsUsage: "bash|zsh",
		Flags:     []cli.Flag{&cli.StringFlag{Name: "name", Usage: "complete the command `NAME` too (e.g. an alias)"}},
		Action: func(c *cli.Context) error {
			names := []string{"papergames"}
			if args, ok := c.App.Metadata["args"].([]string); ok && len(args) > 0 {
				names = append(names, filepath.Base(args[0]))
			}
			if n := c.String("name"); n != "" {
				names = append(names, n)
			}
			script := bashCompletion + "complete -o filenames -F _papergames_complete"
			seen := map[string]bool{}
			for _, n := range names {
				if !seen[n] && n != "" && n != "." && n != "/" {
					seen[n] = true
					script += " " + shellWord(n)
				}
			}
			script += "\n"
			switch c.Args().First() {
			case "bash":
				_, err := io.WriteString(c.App.Writer, script)
				return err
			case "zsh":
				_, err := io.WriteString(c.App.Writer, "autoload -U bashcompinit && bashcompinit\n"+script)
				return err
			}
			return usage("completion needs bash or zsh")
		},
	}
}

const bashCompletion = `_papergames_complete() {
  local cur opts
  cur="${COMP_WORDS[COMP_CWORD]}"
  opts=$("${COMP_WORDS[0]}" "${COMP_WORDS[@]:1:$COMP_CWORD-1}" --generate-bash-completion 2>/dev/null)
  COMPREPLY=($(compgen -W "${opts}" -- "${cur}"))
  [ ${#COMPREPLY[@]} -eq 0 ] && COMPREPLY=($(compgen -f -- "${cur}"))
  return 0
}
`

// shellWord quotes s for a shell command line when it is not a plain word.
func shellWord(s string) string {
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_.+", r)) {
			return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
		}
	}
	return s
}

// complete prints the words the shell may complete after words (the
// command line so far, less the word being typed): the subcommands and
// flags of the command they name, the paper sizes after --paper, the
// formats after --format, the game ids after rules; nothing after another
// flag that takes a value, and nothing for a file name (the script then
// completes file names).
func complete(app *cli.App, words []string, w io.Writer) {
	cmds, flags := app.Commands, app.Flags
	var cmd *cli.Command
	for _, word := range words {
		for _, c := range cmds {
			if !strings.HasPrefix(word, "-") && (c.HasName(word) || strings.EqualFold(c.Name, word)) {
				cmd, cmds, flags = c, c.Subcommands, c.Flags
				break
			}
		}
	}
	var out []string
	prev := ""
	if len(words) > 0 {
		prev = strings.TrimLeft(words[len(words)-1], "-")
	}
	takesValue := false
	for _, f := range flags {
		if flagTakesValue(f) && slices.Contains(f.Names(), prev) && strings.HasPrefix(words[len(words)-1], "-") {
			takesValue = true
		}
	}
	switch {
	case takesValue && prev == "paper":
		for name := range layout.Papers {
			out = append(out, name)
		}
		slices.Sort(out)
	case takesValue && prev == "format":
		out = []string{"pdf", "svg"}
	case takesValue:
	default:
		for _, c := range cmds {
			if !c.Hidden && c.Name != "help" {
				out = append(out, c.Name)
			}
		}
		if cmd != nil && cmd.Name == "rules" {
			out = append(out, catalog.IDs()...)
		}
		for _, f := range flags {
			for _, n := range f.Names() {
				if len(n) > 1 { // -o and the like are not worth completing
					out = append(out, "--"+n)
					break
				}
			}
		}
	}
	for _, o := range out {
		fmt.Fprintln(w, o)
	}
}
