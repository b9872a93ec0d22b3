package main

import (
	"fmt"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"purse/app"
	"purse/app/doctor"
)

func (a *cli) doctorCmd() *cobra.Command {
	return a.command("doctor", "Probe the profile's service, home chain and partner API, read-only: each assumption confirmed, contradicted or inconclusive, with the answers that decided it",
		func(cmd *cobra.Command, core *app.App) error {
			// On a terminal, each probe as it is judged, and what the doctor waits for while
			// answers are slow, instead of nothing until the end.
			var progress func(doctor.Progress)
			if isTerminal(a.stderr) {
				progress = func(pr doctor.Progress) { textOut(a.stderr).Println("purse: doctor " + doctorProgress(pr)) }
			}
			rep, err := doctor.RunProgress(cmd.Context(), core, nil, progress)
			if rep.Probes == nil {
				return err
			}
			_ = a.print(rep, func(w *humanOut) { printDoctor(w, rep) })
			return err
		})
}

// doctorProgress is one line of the doctor's progress: "[5/40] card read: CONFIRMED", or
// "[5/40] waiting for home chain (6s), card read (3s)".
func doctorProgress(pr doctor.Progress) string {
	head := fmt.Sprintf("[%d/%d] ", pr.Done, pr.Total)
	if pr.Probe != nil {
		line := head + pr.Probe.Name
		if pr.Probe.Verdict != "" {
			line += ": " + strings.ToUpper(pr.Probe.Verdict)
		}
		return line
	}
	const shown = 3
	var w []string
	for i, a := range pr.Waiting {
		if i == shown {
			w = append(w, fmt.Sprintf("%d more", len(pr.Waiting)-shown))
			break
		}
		w = append(w, fmt.Sprintf("%s (%s)", a.Name, a.For.Round(time.Second)))
	}
	return head + "waiting for " + strings.Join(w, ", ")
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
