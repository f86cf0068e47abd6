// Linked with one room of models/ whole (every object file of its archive) and nothing but the rooms and libraries
// that room declares: a call into a room it may not use is an undefined reference, and the build fails.
int main()
{
    return 0;
}
