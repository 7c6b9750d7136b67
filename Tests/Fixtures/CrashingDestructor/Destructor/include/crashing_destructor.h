// The destructor of the CrashingDestructor fixture: nothing to declare, it runs on its own.
