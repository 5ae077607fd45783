// Depth only: the colour is never read.
void main() {}
