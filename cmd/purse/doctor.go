package main

import (
	"strings"

	"github.com/spf13/cobra"

	"purse/app"
	"purse/app/doctor"
)

func (a *cli) doctorCmd() *cobra.Command {
	return a.command("doctor", "Probe the profile's service, home chain and partner API, read-only: each assumption confirmed, contradicted or inconclusive, with the answers that decided it",
		func(cmd *cobra.Command, core *app.App) error {
			// On a terminal, each probe as it is judged: a slow service or node shows where
			// the doctor waits instead of nothing until the end.
			var progress func(done, total int, p doctor.Probe)
			if isTerminal(a.stderr) {
				progress = func(done, total int, p doctor.Probe) {
					verdict := strings.ToUpper(p.Verdict)
					if verdict != "" {
						verdict = ": " + verdict
					}
					textOut(a.stderr).Printf("purse: doctor [%d/%d] %s%s\n", done, total, p.Name, verdict)
				}
			}
			rep, err := doctor.RunProgress(cmd.Context(), core, nil, progress)
			if rep.Probes == nil {
				return err
			}
			_ = a.print(rep, func(w *humanOut) { printDoctor(w, rep) })
			return err
		})
}

// printDoctor writes the report as a table and its summary, the credentials problem first.
func printDoctor(w *humanOut, rep doctor.Report) {
	rows := make([][]string, 0, len(rep.Probes))
	for _, p := range rep.Probes {
		rows = append(rows, []string{p.Name, strings.ToUpper(p.Verdict), p.Detail})
	}
	w.Table([]string{"PROBE", "VERDICT", "READING/DETAIL"}, rows)
	s := rep.Summary
	w.Println()
	if s.FixFirst != "" {
		w.Printf("fix first: %s\n", s.FixFirst)
	}
	w.Printf("summary: %d confirmed, %d contradicted, %d inconclusive, %d credentials refused, %d skipped or not reachable\n",
		s.Confirmed, s.Contradicted, s.Inconclusive, s.Credentials, s.Skipped+s.Unreachable)
	if len(s.Settings) > 0 {
		w.Printf("settings that select what the service was seen to do: %s\n", strings.Join(s.Settings, "; "))
	}
}
