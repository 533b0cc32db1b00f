// floor.swift: the least a Swift program does to show one ncurses frame (a box and a word),
// built static as linkterm is (Benchmarks/run.sh, (c)). With FOUNDATION defined it also imports
// Foundation and reads the environment through it, as linkterm does at start.
#if FOUNDATION
import Foundation
#else
import Glibc
#endif

setlocale(LC_ALL, "")
#if FOUNDATION
let word = ProcessInfo.processInfo.environment["TERM"] == nil ? "READY?" : "READY"
#else
let word = "READY"
#endif
initscr()
cbreak()
noecho()
keypad(stdscr, true)
box(stdscr, 0, 0)
mvaddstr(LINES / 2, COLS / 2 - 3, word)
refresh()
if CommandLine.arguments.count < 2 { getch() }
endwin()
