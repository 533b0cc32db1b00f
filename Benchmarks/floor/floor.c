/* floor.c: the least a C program does to show one ncurses frame (a box and a word), the
 * start-up floor linkterm's first frame is compared with (Benchmarks/run.sh, (c)).
 * With an argument it leaves at once (a smoke check); otherwise it waits for a key. */
#include <curses.h>
#include <locale.h>

int main(int argc, char **argv) {
    (void)argv;
    setlocale(LC_ALL, "");
    initscr();
    cbreak();
    noecho();
    keypad(stdscr, TRUE);
    box(stdscr, 0, 0);
    mvaddstr(LINES / 2, COLS / 2 - 3, "READY");
    refresh();
    if (argc < 2) getch();
    endwin();
    return 0;
}
