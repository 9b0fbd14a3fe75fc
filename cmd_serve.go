package main

import (
	"fmt"
	"net"
	"os"
	"os/signal"
	"syscall"

	"github.com/urfave/cli/v2"

	"papergames/web"
)

func serveCommand() *cli.Command {
	return &cli.Command{
		Name:  "serve",
		Usage: "start the local web app: the games, a sheet designer, and scoring",
		Flags: []cli.Flag{
			&cli.IntFlag{Name: "port", Usage: "port on 127.0.0.1 (0: a free one)"},
			&cli.StringFlag{Name: "listen", Usage: "listen on `ADDR` (host:port, e.g. 0.0.0.0:8080) instead of 127.0.0.1, so that other machines can reach the app; it then answers requests for that address too"},
			&cli.BoolFlag{Name: "open", Usage: "open the app in the web browser"},
		},
		Action: func(c *cli.Context) error {
			if c.NArg() > 0 {
				return usage("serve takes no arguments")
			}
			port := c.Int("port")
			if port < 0 || port > 65535 {
				return usage("--port %d: must be from 0 to 65535", port)
			}
			addr := fmt.Sprintf("127.0.0.1:%d", port)
			if c.IsSet("listen") {
				if c.IsSet("port") {
					return usage("--listen gives the port: use --listen HOST:PORT without --port")
				}
				addr = c.String("listen")
				if _, _, err := net.SplitHostPort(addr); err != nil {
					return usage("--listen %q: write HOST:PORT, e.g. 0.0.0.0:8080 or 192.168.1.5:8080", addr)
				}
			}
			ln, err := net.Listen("tcp", addr)
			if err != nil {
				return fmt.Errorf("serve: %v", err)
			}
			url := "http://" + ln.Addr().String() + "/"
			fmt.Fprintf(c.App.Writer, "papergames is at %s (Ctrl-C stops it)\n", url)
			if c.Bool("open") {
				if err := web.Open(url); err != nil {
					fmt.Fprintf(c.App.ErrWriter, "papergames: could not open a browser (%v): open %s yourself\n", err, url)
				}
			}
			ctx, stop := signal.NotifyContext(c.Context, os.Interrupt, syscall.SIGTERM)
			defer stop()
			return web.Run(ctx, ln)
		},
	}
}
