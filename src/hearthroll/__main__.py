"""Run hearthroll with `python -m hearthroll`."""

try:
    from hearthroll.launch import main
except KeyboardInterrupt:  # Ctrl-C before the launcher could take it over: as it ends one
    import sys

    print("hearthroll: interrupted", file=sys.stderr)
    raise SystemExit(130) from None

raise SystemExit(main())
