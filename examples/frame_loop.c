/* A video-decoder-shaped frame loop: per-frame work depends on the frame type
 * (I frames cost most, B frames least), so decode_frame is high-variant while
 * each decode_<type> is steady. Usage: frame_loop [frames=60] [blocks=200] */
#include <stdio.h>
#include <stdlib.h>

static volatile unsigned long sink;

__attribute__((noinline)) void idct_block(int k)
{
	unsigned long acc = (unsigned long)k;
	for (int i = 0; i < 40; i++)
		acc = acc * 2654435761u + (unsigned long)i;
	sink += acc;
}

__attribute__((noinline)) void motion_compensate(int k)
{
	unsigned long acc = (unsigned long)k;
	for (int i = 0; i < 25; i++)
		acc ^= acc << 7 | (unsigned long)i;
	sink += acc;
}

void decode_i(int blocks)
{
	for (int b = 0; b < blocks; b++)
		idct_block(b);
}

void decode_p(int blocks)
{
	for (int b = 0; b < blocks / 2; b++) {
		motion_compensate(b);
		idct_block(b);
	}
}

void decode_b(int blocks)
{
	for (int b = 0; b < blocks / 4; b++)
		motion_compensate(b);
}

/* GOP pattern I B B P B B P ...: frame type is a pure function of the index,
 * so every recording of the same arguments has the same call counts. */
void decode_frame(int index, int blocks)
{
	int pos = index % 12;
	if (pos == 0)
		decode_i(blocks);
	else if (pos % 3 == 0)
		decode_p(blocks);
	else
		decode_b(blocks);
}

void present(int index)
{
	sink += (unsigned long)index;
}

int main(int argc, char **argv)
{
	int frames = argc > 1 ? atoi(argv[1]) : 60;
	int blocks = argc > 2 ? atoi(argv[2]) : 200;
	if (frames <= 0 || blocks <= 0) {
		fprintf(stderr, "usage: frame_loop [frames>0] [blocks>0]\n");
		return 2;
	}
	for (int f = 0; f < frames; f++) {
		decode_frame(f, blocks);
		present(f);
	}
	fprintf(stderr, "varbench:feature frames=%d\n", frames);
	return (int)(sink & 0) ;
}
